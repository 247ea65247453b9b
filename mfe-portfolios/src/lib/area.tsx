import { useCallback, type ReactNode } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useAuth, useDossier, useSupabase } from '@dossier/shared';
import { portfolioKeys, portfolioOverview } from '@dossier/shared/core';
import './portfolios.css';

/** Every page and widget of this area reads data through the shell's one QueryClient. */
export function AreaProviders({ children }: { children: ReactNode }) {
  const { queryClient } = useDossier();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The classifier's SPEC §8 text for an error (and the error is logged) — the only error text shown. */
export function useDescribeError(): (error: unknown) => string {
  const { errors } = useDossier();
  return useCallback((error: unknown) => errors.report(error, { area: 'portfolios' }).userMessage, [errors]);
}

/** Each portfolio with its document count, size, nearest expiry and last change. */
export function usePortfolioOverview() {
  const client = useSupabase();
  const signedIn = useAuth().status === 'signed-in';
  return useQuery({ queryKey: portfolioKeys.overview(), queryFn: () => portfolioOverview(client), enabled: signedIn });
}

export { PortfolioGlyph } from './portfolio-icon';
