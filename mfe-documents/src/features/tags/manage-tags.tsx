import { useState } from 'react';
import { useSupabase, useToasts } from '@dossier/shared';
import { LoadingSpinner } from '@dossier/shared/ui';
import { createTag, deleteTag, isDuplicateTagName, mergeTags, TAG_COLORS, updateTag, type TagWithUsage } from '../../api/tags';
import { useDescribeError } from '../../lib/query';
import { useDocumentActions } from '../../lib/use-document-actions';
import { useTags } from '../../lib/use-lookups';

function TagRow({
  tag,
  selected,
  onSelect,
  onRename,
  onRecolor,
  onDelete,
}: {
  tag: TagWithUsage;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onRename: (name: string) => void;
  onRecolor: (color: string) => void;
  onDelete: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tag.name);
  return (
    <tr>
      <td>
        <input type="checkbox" checked={selected} aria-label={`Select tag ${tag.name}`} onChange={(event) => onSelect(event.target.checked)} />
      </td>
      <td>
        <input type="color" value={tag.color} aria-label={`Colour of ${tag.name}`} onChange={(event) => onRecolor(event.target.value)} />
      </td>
      <td>
        {editing ? (
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim() && name.trim() !== tag.name) onRename(name.trim());
              setEditing(false);
            }}
          >
            <label>
              <span className="visually-hidden">New name for {tag.name}</span>
              <input value={name} maxLength={50} autoFocus onChange={(event) => setName(event.target.value)} />
            </label>
            <button type="submit">Save</button>
          </form>
        ) : (
          <span className="tag-chip" style={{ borderColor: tag.color }}>
            <span className="tag-dot" style={{ background: tag.color }} aria-hidden="true" />
            {tag.name}
          </span>
        )}
      </td>
      <td className="count">{tag.document_count}</td>
      <td>
        <button type="button" className="link-button" aria-label={`Rename ${tag.name}`} onClick={() => setEditing(true)}>
          Rename
        </button>
        <button type="button" className="link-button danger" aria-label={`Delete ${tag.name}`} onClick={onDelete}>
          Delete
        </button>
      </td>
    </tr>
  );
}

/** `/manage-tags`: create, rename, recolour, merge and delete tags, with usage counts. */
export function ManageTags() {
  const client = useSupabase();
  const tags = useTags();
  const actions = useDocumentActions();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const [name, setName] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [mergeTarget, setMergeTarget] = useState('');
  const all = tags.data ?? [];

  const attempt = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toasts.add({ title: success, variant: 'success' });
    } catch (error) {
      toasts.add({
        title: isDuplicateTagName(error) ? 'You already have a tag with that name.' : describeError(error),
        variant: 'error',
      });
    } finally {
      await actions.refresh();
    }
  };

  const selectedTags = all.filter((t) => selected.has(t.id));

  return (
    <div className="manage-tags">
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed) return;
          setName('');
          void attempt(() => createTag(client, trimmed, TAG_COLORS[all.length % TAG_COLORS.length]), `Created tag ${trimmed}`);
        }}
      >
        <label>
          New tag
          <input value={name} maxLength={50} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" className="primary-button">
          Create tag
        </button>
      </form>

      {selectedTags.length >= 2 ? (
        <form
          className="merge-bar inline-form"
          aria-label="Merge tags"
          onSubmit={(event) => {
            event.preventDefault();
            const target = selectedTags.find((t) => t.id === mergeTarget);
            if (!target) return;
            const sources = selectedTags.filter((t) => t.id !== target.id).map((t) => t.id);
            setSelected(new Set());
            setMergeTarget('');
            void attempt(() => mergeTags(client, sources, target.id), `Merged into ${target.name}`);
          }}
        >
          <label>
            Merge {selectedTags.length} tags into
            <select value={mergeTarget} onChange={(event) => setMergeTarget(event.target.value)} required>
              <option value="">Choose the tag to keep…</option>
              {selectedTags.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={!mergeTarget}>
            Merge
          </button>
        </form>
      ) : (
        <p className="hint">Select two or more tags to merge them.</p>
      )}

      {tags.isPending ? (
        <LoadingSpinner />
      ) : tags.isError ? (
        <p role="alert">{describeError(tags.error)}</p>
      ) : all.length === 0 ? (
        <div className="library-message">
          <h2>No tags yet</h2>
          <p>Create one here, or add tags to a document from its details.</p>
        </div>
      ) : (
        <table className="tags-table">
          <caption className="visually-hidden">Your tags</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
              <th scope="col">Colour</th>
              <th scope="col">Tag</th>
              <th scope="col">Documents</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {all.map((tag) => (
              <TagRow
                key={tag.id}
                tag={tag}
                selected={selected.has(tag.id)}
                onSelect={(on) =>
                  setSelected((current) => {
                    const next = new Set(current);
                    if (on) next.add(tag.id);
                    else next.delete(tag.id);
                    return next;
                  })
                }
                onRename={(newName) => void attempt(() => updateTag(client, tag.id, { name: newName }), `Renamed to ${newName}`)}
                onRecolor={(color) => void attempt(() => updateTag(client, tag.id, { color }), `Changed the colour of ${tag.name}`)}
                onDelete={() => {
                  const uses = tag.document_count === 0 ? '' : ` It is removed from ${tag.document_count} document${tag.document_count === 1 ? '' : 's'}.`;
                  if (window.confirm(`Delete the tag “${tag.name}”?${uses}`)) void attempt(() => deleteTag(client, tag.id), `Deleted tag ${tag.name}`);
                }}
              />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
