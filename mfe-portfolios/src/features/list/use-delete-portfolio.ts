import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSupabase, useToasts } from '@dossier/shared';
import { deletePortfolio, portfolioKeys } from '@dossier/shared/core';
import { useDescribeError } from '../../lib/area';

/** The confirmation says how many documents stay behind, without a portfolio. */
export function deleteConfirmation(name: string, documents: number): string {
  const stay =
    documents === 0 ? 'It has no documents.' : `Its ${documents === 1 ? 'document stays' : `${documents} documents stay`} in Documents, without a portfolio.`;
  return `Delete the portfolio “${name}”? ${stay} Its links stop working.`;
}

/** Deletes a portfolio after the confirmation; answers whether it was deleted. */
export function useDeletePortfolio() {
  const client = useSupabase();
  const queryClient = useQueryClient();
  const toasts = useToasts().stacked;
  const describeError = useDescribeError();
  return useCallback(
    async (portfolio: { id: string; name: string; document_count: number }): Promise<boolean> => {
      if (!window.confirm(deleteConfirmation(portfolio.name, portfolio.document_count))) return false;
      try {
        await deletePortfolio(client, portfolio.id);
        toasts.add({ title: `Deleted “${portfolio.name}”`, variant: 'success' });
        return true;
      } catch (error) {
        toasts.add({ title: describeError(error), variant: 'error' });
        return false;
      } finally {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: portfolioKeys.all }),
          queryClient.invalidateQueries({ queryKey: ['documents'] }),
        ]);
      }
    },
    [client, queryClient, toasts, describeError],
  );
}
