import { expect, test, type Page } from '@playwright/test';
import { signInFreshUser, signUpFreshUser } from '../support/signed-in-session';

// The share target is handled by the service worker (POST /share-handler).
test.use({ serviceWorkers: 'allow' });

/** What the operating system's share sheet does: a multipart POST to the manifest's share target. */
async function shareFromDevice(page: Page, fileName: string) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.evaluate((name) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-handler';
    form.enctype = 'multipart/form-data';
    const title = Object.assign(document.createElement('input'), { name: 'title', value: 'From my phone' });
    const files = Object.assign(document.createElement('input'), { type: 'file', name: 'files', multiple: true });
    const transfer = new DataTransfer();
    transfer.items.add(new File(['%PDF-1.7 lease'], name, { type: 'application/pdf' }));
    files.files = transfer.files;
    form.append(title, files);
    document.body.append(form);
    form.submit();
  }, fileName);
}

test('a file shared from the device arrives on /share-handler, ready for the upload', async ({ page }) => {
  await signInFreshUser(page);
  await page.goto('/dashboard');
  await shareFromDevice(page, 'lease.pdf');

  await expect(page).toHaveURL(/\/share-handler\?shared=[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add shared files to Dossier' })).toBeVisible();
  await expect(page.getByText('lease.pdf')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'From my phone' })).toBeVisible();

  // Kept until uploaded or discarded.
  await page.reload();
  await expect(page.getByText('lease.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('lease.pdf')).toHaveCount(0);
  await expect(page.getByText('Nothing is waiting here.', { exact: false })).toBeVisible();
});

test('a visitor who shares a file signs in first and finds it still waiting', async ({ page }) => {
  await page.goto('/');
  await shareFromDevice(page, 'passport-scan.pdf');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fshare-handler%3Fshared%3D/);

  const user = await signUpFreshUser(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/share-handler\?shared=[\w-]+$/);
  await expect(page.getByText('passport-scan.pdf')).toBeVisible();
});

test('a share that arrives without files (title, text and link in the address) is shown too', async ({ page }) => {
  await signInFreshUser(page);
  await page.goto('/share-handler?title=Lease&text=Signed%20copy&url=https%3A%2F%2Fexample.com%2Flease');
  await expect(page.getByText('Signed copy')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://example.com/lease' })).toBeVisible();
});
