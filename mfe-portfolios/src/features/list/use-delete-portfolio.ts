import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSupabase, useToasts } from '@dossier/shared';
import { deletePortfolio, portfolioKeys } from '@dossier/shared/core';
import { useDescribeError } from '../../lib/area';

/** How long *Undo* is offered; the portfolio is deleted for real only after it (issue 22). */
export const UNDO_WINDOW_MS = 8000;

/** What stays behind, said on the toast: the documents are kept, the links stop. */
export function deleteConsequences(documents: number): string {
  const stay =
    documents === 0 ? 'It had no documents.' : `Its ${documents === 1 ? 'document stays' : `${documents} documents stay`} in Documents, without a portfolio.`;
  return `${stay} Its links stop working.`;
}

/*
 * Deletes waiting out their undo window. They live in the module, not in a component, so that
 * leaving the page (list → detail, detail → list) neither cancels nor repeats them. Closing the tab
 * during the window drops the timer: the portfolio simply stays, so nothing is ever lost by leaving.
 */
const pending = new Map<string, ReturnType<typeof setTimeout>>();
let pendingIds: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

function publish() {
  pendingIds = new Set(pending.keys());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Ids of portfolios deleted but still undoable: the list hides them already. */
export function usePendingPortfolioDeletes(): ReadonlySet<string> {
  return useSyncExternalStore(subscribe, () => pendingIds);
}

/** Starts the undo window; `commit` runs once it ends unless `cancel` came first. */
export function scheduleDelete(id: string, commit: () => Promise<void>, windowMs = UNDO_WINDOW_MS): { cancel: () => boolean } {
  const existing = pending.get(id);
  if (existing) clearTimeout(existing);
  pending.set(
    id,
    setTimeout(() => {
      // Stays hidden while the database deletes, so it does not flash back into the list.
      void commit().finally(() => {
        pending.delete(id);
        publish();
      });
    }, windowMs),
  );
  publish();
  return {
    cancel: () => {
      const timer = pending.get(id);
      if (!timer) return false;
      clearTimeout(timer);
      pending.delete(id);
      publish();
      return true;
    },
  };
}

/**
 * Deletes a portfolio as Google Drive does: at once from the person's view, with a toast that offers
 * *Undo* for {@link UNDO_WINDOW_MS}; the row is deleted only when the window ends. Answers true
 * (the caller may leave the deleted portfolio's page).
 */
export function useDeletePortfolio() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  return useCallback(
    async (portfolio: { id: string; name: string; document_count: number }): Promise<boolean> => {
      const refresh = () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
          queryClient.invalidateQueries({ queryKey: ['documents'] }),
        ]);
      const toastId = `portfolio-delete-${portfolio.id}`;
      const { cancel } = scheduleDelete(portfolio.id, async () => {
        try {
          await deletePortfolio(client, portfolio.id);
        } catch (error) {
          toasts.add({ title: `“${portfolio.name}” was not deleted: ${describeError(error)}`, variant: 'error' });
        } finally {
          await refresh();
        }
      });
      toasts.add({
        id: toastId,
        title: `Deleted “${portfolio.name}”`,
        description: deleteConsequences(portfolio.document_count),
        duration: UNDO_WINDOW_MS,
        action: {
          label: 'Undo',
          onClick: () => {
            if (cancel()) toasts.add({ id: toastId, title: `Restored “${portfolio.name}”`, variant: 'success' });
          },
        },
      });
      return true;
    },
    [client, queryClient, toasts, describeError],
  );
}
