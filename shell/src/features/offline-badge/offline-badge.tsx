import { OFFLINE_BADGE_TEXT } from '@dossier/shared/core';
import { useOnlineStatus } from './use-online-status';

/**
 * SPEC §2 offline badge. The status region stays in the page while online (empty) so screen
 * readers announce the text the moment the connection drops.
 */
export function OfflineBadge() {
  const online = useOnlineStatus();
  return (
    <div role="status" aria-live="polite" className="dossier-offline-badge" data-offline={online ? undefined : 'true'}>
      {online ? null : OFFLINE_BADGE_TEXT}
    </div>
  );
}
