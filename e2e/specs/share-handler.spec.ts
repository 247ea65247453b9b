import { expect, test, type Page } from '@playwright/test';
import { signInFreshUser, signUpFreshUser } from '../support/signed-in-session';

// The share target is handled by the service worker (POST /share-handler).
test.use({ serviceWorkers: 'allow' });

/** What the operating system's share sheet does: a multipart POST to the manifest's share target. */
async function shareFromDevice(page: Page, fileName: string, type = 'text/plain', content = 'Lease signed on 1 March; renewal due next spring.') {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
  await page.evaluate(({ name, type, content }) => {
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = '/share-handler';
    form.enctype = 'multipart/form-data';
    const title = Object.assign(document.createElement('input'), { name: 'title', value: 'From my phone' });
    const files = Object.assign(document.createElement('input'), { type: 'file', name: 'files', multiple: true });
    const transfer = new DataTransfer();
    transfer.items.add(new File([content], name, { type }));
    files.files = transfer.files;
    form.append(title, files);
    document.body.append(form);
    form.submit();
  }, { name: fileName, type, content });
}

test("a file shared from the device is handed to the documents area's upload and lands in the documents", async ({ page }) => {
  await signInFreshUser(page);
  await page.goto('/dashboard');
  await shareFromDevice(page, 'lease-notes.txt');

  await expect(page).toHaveURL(/\/share-handler\?shared=[\w-]+$|\/documents/);
  // The documents area's upload takes the file; once stored, the person lands on /documents.
  await expect(page).toHaveURL(/\/documents/, { timeout: 30_000 });
  await expect(page.getByText('lease-notes.txt').first()).toBeVisible();

  // Nothing is left waiting.
  await page.goto('/share-handler');
  await expect(page.getByText('Nothing is waiting here.', { exact: false })).toBeVisible();
});

test('a shared file the upload refuses stays until discarded', async ({ page }) => {
  await signInFreshUser(page);
  await page.goto('/dashboard');
  await shareFromDevice(page, 'setup.exe', 'application/octet-stream', 'MZ\u0090\u0000binary');
  await expect(page).toHaveURL(/\/share-handler\?shared=[\w-]+$/);
  await expect(page.getByRole('heading', { name: 'From my phone' })).toBeVisible();
  await expect(page.getByText('setup.exe').first()).toBeVisible();

  await page.reload();
  await expect(page.getByText('setup.exe').first()).toBeVisible();
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByText('Nothing is waiting here.', { exact: false })).toBeVisible();
});

test('a visitor who shares a file signs in first; the file waited and is then uploaded', async ({ page }) => {
  await page.goto('/');
  await shareFromDevice(page, 'passport-notes.txt');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fshare-handler%3Fshared%3D/);

  const user = await signUpFreshUser(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/documents/, { timeout: 30_000 });
  await expect(page.getByText('passport-notes.txt').first()).toBeVisible();
});

test('a share that arrives without files (title, text and link in the address) is shown too', async ({ page }) => {
  await signInFreshUser(page);
  await page.goto('/share-handler?title=Lease&text=Signed%20copy&url=https%3A%2F%2Fexample.com%2Flease');
  await expect(page.getByText('Signed copy')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://example.com/lease' })).toBeVisible();
});
