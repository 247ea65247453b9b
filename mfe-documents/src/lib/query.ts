import { useCallback } from 'react';
import { useDossier } from '@dossier/shared';
import type { QueryClient } from '@tanstack/react-query';

/** The shell's one QueryClient (SPEC §7 defaults). */
export function useDossierQueryClient(): QueryClient {
  return useDossier().queryClient;
}

/** The classifier's SPEC §8 text for an error (and the error is logged) — the only error text shown. */
export function useDescribeError(): (error: unknown) => string {
  const { errors } = useDossier();
  return useCallback((error: unknown) => errors.report(error, { area: 'documents' }).userMessage, [errors]);
}
