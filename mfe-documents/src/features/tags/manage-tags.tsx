import { useState } from 'react';
import { useSupabase, useToasts } from '@dossier/shared';
import { Button, Chip, EmptyState, LoadingSpinner, NativeSelect, TextField, useConfirm } from '@dossier/shared/ui';
import { Checkbox } from '@dossier/shared/ui/controls';
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
  onDelete: () => void | Promise<void>;
}) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(tag.name);
  return (
    <li className="tag-row">
      <Checkbox checked={selected} aria-label={`Select tag ${tag.name}`} onCheckedChange={onSelect} />
      <input className="tag-colour" type="color" value={tag.color} aria-label={`Colour of ${tag.name}`} onChange={(event) => onRecolor(event.target.value)} />
      <div className="tag-row-name">
        {editing ? (
          <form
            className="inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (name.trim() && name.trim() !== tag.name) onRename(name.trim());
              setEditing(false);
            }}
          >
            <TextField label={`New name for ${tag.name}`} hideLabel value={name} maxLength={50} autoFocus onChange={(event) => setName(event.target.value)} />
            <Button type="submit" variant="primary">
              Save
            </Button>
          </form>
        ) : (
          <Chip className="tag-chip" color={tag.color}>
            {tag.name}
          </Chip>
        )}
        <span className="count">
          {tag.document_count} {tag.document_count === 1 ? 'document' : 'documents'}
        </span>
      </div>
      <div className="tag-row-actions">
        <Button variant="ghost" size="sm" aria-label={`Rename ${tag.name}`} onClick={() => setEditing(true)}>
          Rename
        </Button>
        <Button variant="ghost" size="sm" className="tag-delete" aria-label={`Delete ${tag.name}`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
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
  const { confirm, dialog } = useConfirm();

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
        <TextField label="New tag" value={name} maxLength={50} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="primary">
          Create tag
        </Button>
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
          <NativeSelect label={`Merge ${selectedTags.length} tags into`} value={mergeTarget} onChange={(event) => setMergeTarget(event.target.value)} required>
            <option value="">Choose the tag to keep…</option>
            {selectedTags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </NativeSelect>
          <Button type="submit" disabled={!mergeTarget}>
            Merge
          </Button>
        </form>
      ) : (
        <p className="hint">Select two or more tags to merge them.</p>
      )}

      {tags.isPending ? (
        <LoadingSpinner />
      ) : tags.isError ? (
        <p role="alert">{describeError(tags.error)}</p>
      ) : all.length === 0 ? (
        <EmptyState title="No tags yet" description="Create one here, or add tags to a document from its details." />
      ) : (
        <ul className="tags-list" aria-label="Your tags">
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
                onDelete={async () => {
                  const uses = tag.document_count === 0 ? undefined : `It is removed from ${tag.document_count} document${tag.document_count === 1 ? '' : 's'}.`;
                  const ok = await confirm({ title: `Delete the tag “${tag.name}”?`, description: uses, confirmLabel: 'Delete tag', destructive: true });
                  if (ok) void attempt(() => deleteTag(client, tag.id), `Deleted tag ${tag.name}`);
                }}
              />
            ))}
        </ul>
      )}
      {dialog}
    </div>
  );
}
