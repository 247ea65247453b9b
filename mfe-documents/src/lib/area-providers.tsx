import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useDossier } from '@dossier/shared';
import './documents.css';

/** Every page and widget of this area reads data through the shell's one QueryClient. */
export function AreaProviders({ children }: { children: ReactNode }) {
  const { queryClient } = useDossier();
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
