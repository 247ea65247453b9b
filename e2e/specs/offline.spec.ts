import { expect, test } from '@playwright/test';

// Offline reload needs the service worker's precache.
test.use({ serviceWorkers: 'allow' });
import { signInFreshUser } from '../support/signed-in-session';

test('an upload queued offline survives a reload and is shown as waiting', async ({ page, context }) => {
  await signInFreshUser(page, 'Queued Quinn');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Queued Quinn$/ })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

  // What the documents area's upload does offline: a pending operation carrying the file itself.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('dossier-offline');
        open.onsuccess = () => {
          const tx = open.result.transaction('pending-operations', 'readwrite');
          tx.objectStore('pending-operations').put({
            id: 'queued-offline',
            type: 'document-upload',
            timestamp: Date.now(),
            retryCount: 0,
            payload: { file: new File(['%PDF-1.7'], 'passport.pdf', { type: 'application/pdf' }) },
          });
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByText('1 upload is waiting to be sent.', { exact: false })).toBeVisible();
    const file = await page.evaluate(
      () =>
        new Promise<{ name: string; size: number }>((resolve) => {
          const open = indexedDB.open('dossier-offline');
          open.onsuccess = () => {
            const get = open.result.transaction('pending-operations').objectStore('pending-operations').get('queued-offline');
            get.onsuccess = () => resolve({ name: get.result.payload.file.name, size: get.result.payload.file.size });
          };
        }),
    );
    expect(file).toEqual({ name: 'passport.pdf', size: 8 });
  } finally {
    await context.setOffline(false);
  }
});
