import { DRIVE_WRITE_SCOPE, type DriveConnection } from '../../connection/drive-connection';
import type { FolderMirror, PortfolioRef } from '../../drive/folder-mirror';

export interface FolderNameSyncDeps {
  connection: Pick<DriveConnection, 'subscribe' | 'getState' | 'hasScope'>;
  mirror: Pick<FolderMirror, 'syncFolderNames'>;
  /** The signed-in person's portfolios now (id and name). */
  loadPortfolios(): Promise<PortfolioRef[]>;
  /** Calls the listener whenever the portfolios may have changed (renamed on this page, or fetched again). */
  onPortfoliosChanged(listener: () => void): () => void;
  /** Where 'online' and 'focus' come from (a rename on another device is picked up on return). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Quiet time before a run, so a burst of changes makes one run. */
  delayMs?: number;
}

export interface FolderNameSync {
  /** One run now (the next one when a run is under way); resolves when it has finished. */
  run(): Promise<void>;
  stop(): void;
}

/**
 * The background half of "renaming a portfolio renames its folder" (issue 12 §5, ADR 0196).
 * Registered by the drive area when it loads, on every page: whenever the portfolios change, the
 * Drive connection becomes usable for writing (connected, or reconnected after a rename made while
 * disconnected), the device comes back online or the window gets focus, the portfolio folders in
 * Drive are brought to their portfolios' names. Stateless: the portfolios table is the record.
 */
export function startFolderNameSync(deps: FolderNameSyncDeps): FolderNameSync {
  const delayMs = deps.delayMs ?? 500;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const writable = () => deps.connection.getState().isAuthenticated && deps.connection.hasScope(DRIVE_WRITE_SCOPE);

  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    if (stopped || !writable()) return Promise.resolve();
    running = (async () => {
      try {
        await deps.mirror.syncFolderNames(await deps.loadPortfolios());
      } catch {
        // A Drive failure is in the error log (the client reports it); the next trigger tries again.
      } finally {
        running = null;
        if (again) {
          again = false;
          schedule();
        }
      }
    })();
    return running;
  };

  const schedule = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, delayMs);
  };

  let wasWritable = writable();
  const unsubscribeConnection = deps.connection.subscribe(() => {
    const now = writable();
    if (now && !wasWritable) schedule();
    wasWritable = now;
  });
  const unsubscribePortfolios = deps.onPortfoliosChanged(schedule);
  deps.events?.addEventListener('online', schedule);
  deps.events?.addEventListener('focus', schedule);
  schedule();

  return {
    run,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      unsubscribeConnection();
      unsubscribePortfolios();
      deps.events?.removeEventListener('online', schedule);
      deps.events?.removeEventListener('focus', schedule);
    },
  };
}
