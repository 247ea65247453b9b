import { useMemo } from 'react';
import { useSupabase, useToasts } from '@dossier/shared';
import { portfolioKeys } from '@dossier/shared/core';
import { categoryKeys } from '../api/categories';
import { addTagsToDocuments, removeTagFromDocuments } from '../api/document-tags';
import { documentKeys, restoreDocuments, trashDocuments, updateDocument, updateDocuments, type DocumentChanges } from '../api/documents';
import { tagKeys } from '../api/tags';
import { deletePermanently, purgeExpiredTrash } from '../api/trash';
import { bulkChangeToast } from './bulk-change';
import { useDescribeError, useDossierQueryClient } from './query';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Every write a person makes on documents, with the cache refresh and the toast that follows.
 * Failures show the classifier's SPEC §8 text; the promise resolves to false.
 */
export function useDocumentActions() {
  const client = useSupabase();
  const toasts = useToasts().stacked;
  const queryClient = useDossierQueryClient();
  const describeError = useDescribeError();

  return useMemo(() => {
    const refresh = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentKeys.all }),
        queryClient.invalidateQueries({ queryKey: categoryKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
      ]);
    const run = async (work: () => Promise<unknown>, success?: string): Promise<boolean> => {
      try {
        await work();
        if (success) toasts.add({ title: success, variant: 'success' });
        return true;
      } catch (error) {
        toasts.add({ title: describeError(error), variant: 'error' });
        return false;
      } finally {
        await refresh();
      }
    };

    /** A change to many documents: the toast counts the ones that changed (bulkChangeToast). */
    const runBulk = (ids: readonly string[], work: () => Promise<readonly string[]>, verb: string, success: string) =>
      run(async () => {
        toasts.add(bulkChangeToast(ids, await work(), verb, success));
      });

    const restore = (ids: readonly string[]) => runBulk(ids, () => restoreDocuments(client, ids), 'Restored', `Restored ${plural(ids.length, 'document')}`);

    return {
      refresh,
      update: (id: string, changes: DocumentChanges, success = 'Saved') => run(() => updateDocument(client, id, changes), success),
      updateMany: (ids: readonly string[], changes: DocumentChanges, success: string, verb = 'Changed') => runBulk(ids, () => updateDocuments(client, ids, changes), verb, success),
      addTags: (ids: readonly string[], tagIds: readonly string[], success?: string) => run(() => addTagsToDocuments(client, ids, tagIds), success),
      removeTag: (ids: readonly string[], tagId: string) => run(() => removeTagFromDocuments(client, ids, tagId)),
      restore,
      /** Moves to the trash with an "Undo" action on the toast. */
      trash: async (ids: readonly string[]) => {
        try {
          const trashed = await trashDocuments(client, ids);
          toasts.add({
            ...bulkChangeToast(ids, trashed, 'Moved to the trash', `Moved ${plural(ids.length, 'document')} to the trash`),
            description: 'Items in the trash are deleted for good after 30 days.',
            action: { label: 'Undo', onClick: () => void restore(trashed) },
          });
          return true;
        } catch (error) {
          toasts.add({ title: describeError(error), variant: 'error' });
          return false;
        } finally {
          await refresh();
        }
      },
      deleteForever: (items: ReadonlyArray<{ id: string; storage_path: string }>) =>
        run(() => deletePermanently(client, items), `Deleted ${plural(items.length, 'document')} permanently`),
      purge: async () => {
        try {
          const purged = await purgeExpiredTrash(client);
          if (purged > 0) await refresh();
        } catch {
          // Retried on the next visit; nothing for the person to do.
        }
      },
    };
  }, [client, toasts, queryClient, describeError]);
}

export type DocumentActions = ReturnType<typeof useDocumentActions>;
