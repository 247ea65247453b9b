import { useState } from 'react';
import { useSupabase, useToasts } from '@dossier/shared';
import { Button, Chip, ComboBox } from '@dossier/shared/ui';
import { createTag, findTagByName, isDuplicateTagName, TAG_COLORS, type Tag } from '../../api/tags';
import { useDescribeError } from '../../lib/query';
import type { DocumentActions } from '../../lib/use-document-actions';
import { useTags } from '../../lib/use-lookups';

/** Finds a tag by name (case-insensitive) or creates it. */
export async function tagForName(client: ReturnType<typeof useSupabase>, tags: readonly Tag[], name: string): Promise<Tag> {
  const wanted = name.trim();
  const existing = tags.find((t) => t.name.toLowerCase() === wanted.toLowerCase());
  if (existing) return existing;
  try {
    return await createTag(client, wanted, TAG_COLORS[tags.length % TAG_COLORS.length]);
  } catch (error) {
    if (!isDuplicateTagName(error)) throw error;
    // Created meanwhile (another tab): use that one.
    const found = await findTagByName(client, wanted);
    if (found) return found;
    throw error;
  }
}

/** The tags of one or more documents: remove with ×, add by typing (new names create a tag). */
export function TagEditor({ documentIds, tagIds, actions }: { documentIds: readonly string[]; tagIds: readonly string[]; actions: DocumentActions }) {
  const client = useSupabase();
  const tags = useTags();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const [name, setName] = useState('');
  const all = tags.data ?? [];
  const byId = new Map(all.map((t) => [t.id, t]));

  const add = async () => {
    if (!name.trim()) return;
    try {
      const tag = await tagForName(client, all, name.slice(0, 50));
      setName('');
      await actions.addTags(documentIds, [tag.id]);
    } catch (error) {
      toasts.add({ title: describeError(error), variant: 'error' });
    }
  };

  return (
    <div className="tag-editor">
      <ul className="tag-chips" aria-label="Tags">
        {tagIds.map((id) => {
          const tag = byId.get(id);
          if (!tag) return null;
          return (
            <Chip key={id} as="li" className="tag-chip" color={tag.color} removeLabel={`Remove tag ${tag.name}`} onRemove={() => void actions.removeTag(documentIds, id)}>
              {tag.name}
            </Chip>
          );
        })}
      </ul>
      {/* One row: the suggestions open below the box and never cover "Add tag" beside it. */}
      <form
        className="inline-form tag-editor-form"
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <div className="tag-editor-input">
        <ComboBox
          label="Add a tag"
          hideLabel
          placeholder="Add a tag"
          maxLength={50}
          inputValue={name}
          onInputChange={setName}
          options={all.filter((t) => !tagIds.includes(t.id)).map((t) => ({ value: t.id, label: t.name }))}
        />
        </div>
        <Button type="submit">Add tag</Button>
      </form>
    </div>
  );
}
