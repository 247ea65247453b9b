/**
 * SPEC §4: a notification appears only if the browser permission was granted — we never ask
 * here; asking belongs to a moment the person chose (a settings switch).
 * Prefers the service worker's showNotification, the only way that works on Android Chrome,
 * where `new Notification()` throws.
 */
export async function notify(title: string, options: NotificationOptions = {}, win: (Window & typeof globalThis) | undefined = typeof window === 'undefined' ? undefined : window): Promise<boolean> {
  const NotificationApi = win?.Notification;
  if (!NotificationApi || NotificationApi.permission !== 'granted') return false;
  try {
    const registration = await win.navigator.serviceWorker?.getRegistration?.();
    // Only an active worker can show one; while it is still installing, the page shows it.
    if (registration?.active) {
      await registration.showNotification(title, options);
      return true;
    }
  } catch {
    // fall through to the page's own notification
  }
  try {
    new NotificationApi(title, options);
    return true;
  } catch {
    return false;
  }
}
