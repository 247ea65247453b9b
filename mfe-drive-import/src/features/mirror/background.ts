import type { AreaHost } from '@dossier/shared';
import { listPortfolioOptions, portfolioKeys } from '@dossier/shared/core';
import { FolderMirror } from '../../drive/folder-mirror';
import { driveServices } from '../../lib/use-drive';
import { startFolderNameSync, type FolderNameSync } from './folder-name-sync';

/**
 * The drive area's background handlers, started by its register(host) step on every page
 * (ADR 0196): portfolio folder names follow their portfolios, and a person who signs in on a
 * device that knows no Drive connection gets the one the server holds (ADR 0195).
 */
export function startDriveBackground(host: Pick<AreaHost, 'services' | 'auth'>): FolderNameSync {
  const { config, queryClient, errors } = host.services;
  const supabase = host.auth().supabase;
  const { connection, client } = driveServices(config, supabase, (e) => errors.reportDrive(e));
  const cache = queryClient.getQueryCache();
  const sync = startFolderNameSync({
    connection,
    mirror: new FolderMirror(client),
    loadPortfolios: () => listPortfolioOptions(supabase),
    // Every change to a portfolio (a rename on any page) ends in a fresh fetch of a portfolios query.
    onPortfoliosChanged: (listener) =>
      cache.subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success' && event.query.queryKey[0] === portfolioKeys.all[0]) listener();
      }),
    events: typeof window === 'undefined' ? undefined : window,
  });
  supabase.auth.onAuthStateChange((event) => {
    if (event !== 'SIGNED_IN') return;
    // Outside the auth callback: supabase-js must not be called re-entrantly from it.
    setTimeout(() => void connection.adoptServerGrant().then(() => sync.run()), 0);
  });
  return sync;
}
