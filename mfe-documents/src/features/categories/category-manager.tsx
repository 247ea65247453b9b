import { useState } from 'react';
import { useAuth, useSupabase } from '@dossier/shared';
import { ConfirmDialog } from '@dossier/shared/ui';
import { createCategory, deleteCategory, FALLBACK_CATEGORY, renameCategory, type CategoryWithCount } from '../../api/categories';
import type { DocumentActions } from '../../lib/use-document-actions';
import { useCategories } from '../../lib/use-lookups';
import { useDescribeError } from '../../lib/query';
import { useToasts } from '@dossier/shared';

function CategoryRow({ category, onRename, onDelete, onShow }: { category: CategoryWithCount; onRename: (name: string) => void; onDelete: () => void; onShow: () => void }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(category.name);
  const isFallback = category.name === FALLBACK_CATEGORY;
  return (
    <li className="category-row">
      {editing ? (
        <form
          className="inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() && name.trim() !== category.name) onRename(name.trim());
            setEditing(false);
          }}
        >
          <label>
            <span className="visually-hidden">New name for {category.name}</span>
            <input value={name} maxLength={100} autoFocus onChange={(event) => setName(event.target.value)} />
          </label>
          <button type="submit">Save</button>
          <button type="button" className="link-button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <button type="button" className="link-button category-name" onClick={onShow}>
            {category.name}
          </button>
          <span className="count">{category.document_count}</span>
          {!isFallback ? (
            <>
              <button type="button" className="link-button" aria-label={`Rename ${category.name}`} onClick={() => setEditing(true)}>
                Rename
              </button>
              <button type="button" className="link-button danger" aria-label={`Delete ${category.name}`} onClick={onDelete}>
                Delete
              </button>
            </>
          ) : null}
        </>
      )}
    </li>
  );
}

/** The person's categories with document counts: add, rename, delete (documents move to Miscellaneous). */
export function CategoryManager({ actions, onShowCategory }: { actions: DocumentActions; onShowCategory: (id: string) => void }) {
  const client = useSupabase();
  const userId = useAuth().user?.id;
  const categories = useCategories();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  const [name, setName] = useState('');
  const [confirming, setConfirming] = useState<CategoryWithCount | null>(null);

  const attempt = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toasts.add({ title: success, variant: 'success' });
    } catch (error) {
      toasts.add({ title: describeError(error), variant: 'error' });
    } finally {
      await actions.refresh();
    }
  };

  return (
    <section className="category-manager" aria-label="Categories">
      <h2>Categories</h2>
      {categories.isPending ? <p role="status">Loading...</p> : null}
      {categories.isError ? <p role="alert">{describeError(categories.error)}</p> : null}
      <ul>
        {(categories.data ?? []).map((category) => (
          <CategoryRow
            key={category.id}
            category={category}
            onShow={() => onShowCategory(category.id)}
            onRename={(newName) => void attempt(() => renameCategory(client, category.id, newName), `Renamed to ${newName}`)}
            onDelete={() => setConfirming(category)}
          />
        ))}
      </ul>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const trimmed = name.trim();
          if (!trimmed || !userId) return;
          setName('');
          void attempt(() => createCategory(client, userId, trimmed), `Added ${trimmed}`);
        }}
      >
        <label>
          <span className="visually-hidden">New category name</span>
          <input value={name} maxLength={100} placeholder="New category" onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit">Add category</button>
      </form>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Delete “${confirming?.name ?? ''}”?`}
        description={
          !confirming || confirming.document_count === 0
            ? 'It holds no documents.'
            : `Its ${confirming.document_count} document${confirming.document_count === 1 ? '' : 's'} will move to ${FALLBACK_CATEGORY}.`
        }
        confirmLabel="Delete category"
        destructive
        onConfirm={() => {
          const target = confirming;
          if (target) void attempt(() => deleteCategory(client, target.id), `Deleted ${target.name}`);
        }}
      />
    </section>
  );
}
