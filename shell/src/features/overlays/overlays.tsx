import { useLocation } from 'react-router-dom';
import { ConsentGate } from '../consent';
import { RemotePreloader } from '../device';
import { InstallPrompt } from '../install-prompt';
import { OfflineBadge } from '../offline-badge';
import './overlays.css';

/**
 * SPEC §2 global overlays, mounted once by the frame: offline badge, install prompt, consent
 * dialog — and the idle-time preloading of areas the network strategy allows (renders nothing).
 */
export function Overlays() {
  const { pathname } = useLocation();
  return (
    <>
      <OfflineBadge />
      <InstallPrompt path={pathname} />
      <ConsentGate />
      <RemotePreloader />
    </>
  );
}
