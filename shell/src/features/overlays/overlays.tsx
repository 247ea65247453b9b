import { ConsentGate } from '../consent';
import { InstallPrompt } from '../install-prompt';
import { OfflineBadge } from '../offline-badge';
import './overlays.css';

/** SPEC §2 global overlays, mounted once by the frame: offline badge, install prompt, consent dialog. */
export function Overlays() {
  return (
    <>
      <OfflineBadge />
      <InstallPrompt />
      <ConsentGate />
    </>
  );
}
