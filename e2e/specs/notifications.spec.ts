import { expect, test } from '@playwright/test';
import { signInFreshUser } from '../support/signed-in-session';

/** Records notifications shown from the page or through the service worker. */
const recordNotifications = () => {
  const shown: string[] = [];
  (window as unknown as { shownNotifications: string[] }).shownNotifications = shown;
  const Original = window.Notification;
  if (Original) {
    const Recording = function (this: unknown, title: string, options?: NotificationOptions) {
      shown.push(title);
      return new Original(title, options);
    } as unknown as typeof Notification;
    Object.defineProperty(Recording, 'permission', { get: () => Original.permission });
    Recording.requestPermission = Original.requestPermission.bind(Original);
    window.Notification = Recording;
  }
  const proto = typeof ServiceWorkerRegistration === 'undefined' ? undefined : ServiceWorkerRegistration.prototype;
  if (proto) {
    const show = proto.showNotification;
    proto.showNotification = function (title: string, options?: NotificationOptions) {
      shown.push(title);
      return show.call(this, title, options);
    };
  }
};

test.describe('notifications (SPEC §4: only with permission)', () => {
  test('with permission granted, a test notification is shown', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await signInFreshUser(page);
    await page.addInitScript(recordNotifications);
    await page.goto('/settings');
    const main = page.getByRole('main');
    await expect(main.getByText('Notifications are on.')).toBeVisible();
    await main.getByRole('button', { name: 'Send a test notification' }).click();
    await expect(main.getByText('A test notification was sent.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)).toEqual(['Notifications are on']);
  });

  test('without permission nothing is shown and the person is offered to turn them on', async ({ page }) => {
    await signInFreshUser(page);
    await page.addInitScript(recordNotifications);
    await page.goto('/settings');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 2, name: 'Notifications' })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Send a test notification' })).toHaveCount(0);
    const permission = await page.evaluate(() => Notification.permission);
    if (permission === 'default') await expect(main.getByRole('button', { name: 'Turn on notifications' })).toBeVisible();
    else await expect(main.getByText(/Notifications are blocked/)).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { shownNotifications: string[] }).shownNotifications)).toEqual([]);
  });
});
