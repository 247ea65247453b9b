import { useId, useState } from 'react';
import { useDevice } from '@dossier/shared';

type Permission = NotificationPermission | 'unsupported';

const readPermission = (): Permission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * Notifications (SPEC §4: shown only with the browser's permission). The permission is asked
 * only when the person presses the button, never on page load.
 */
export function NotificationSettings() {
  const id = useId();
  const device = useDevice();
  const [permission, setPermission] = useState<Permission>(readPermission);
  const [sent, setSent] = useState<string | null>(null);

  const ask = async () => setPermission(await Notification.requestPermission());
  const test = async () => {
    const shown = await device.notify('Notifications are on', { body: 'Dossier will remind you before your documents expire.' });
    setSent(shown ? 'A test notification was sent.' : 'The notification could not be shown.');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="dossier-settings-section">
      <h2 id={`${id}-title`}>Notifications</h2>
      {permission === 'unsupported' ? <p>This browser cannot show notifications.</p> : null}
      {permission === 'default' ? (
        <>
          <p>Get a reminder before a document expires.</p>
          <button type="button" onClick={() => void ask()}>
            Turn on notifications
          </button>
        </>
      ) : null}
      {permission === 'denied' ? <p>Notifications are blocked for this site. You can allow them in your browser&apos;s site settings.</p> : null}
      {permission === 'granted' ? (
        <>
          <p>Notifications are on.</p>
          <button type="button" onClick={() => void test()}>
            Send a test notification
          </button>
        </>
      ) : null}
      <p role="status">{sent}</p>
    </section>
  );
}
