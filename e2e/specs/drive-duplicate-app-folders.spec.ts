import { expect, test, type Page } from '@playwright/test';
import { openLibrary, signInThroughUi } from '../fixtures/documents/sign-in';
import { asPerson } from '../support/signed-in-session';
import { driveAccessToken, googleUrl } from '../support/google-emulator';

// ADR 0497 in a real browser against the local stack's Drive emulator: a Google account holding
// two 'Dossier' app folders (two devices connected at the same moment, each made one), with one
// portfolio's folder in each. Both portfolios are renamed; Dossier finds both folders, renames
// them, and merges the newer app folder into the older: everything in it moved, the emptied
// duplicate in the trash, the person's files kept.
//
// The spec has a Google account of its own (a fresh address on the emulator's consent page), so
// no other spec or run side by side can put a 'Dossier' folder into its drive.

const FOLDER = 'application/vnd.google-apps.folder';
const APP_MARKER = 'dossier:app-root';

interface Item {
  id: string;
  name: string;
  parents?: string[];
  trashed?: boolean;
}

function drive(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    async create(name: string, parent: string, mimeType: string, description?: string): Promise<Item> {
      const res = await page.request.post(`${await googleUrl(page)}/drive/v3/files?fields=id,name,parents`, { headers, data: { name, mimeType, parents: [parent], description } });
      expect(res.status()).toBe(200);
      return (await res.json()) as Item;
    },
    async list(q: string): Promise<Item[]> {
      const res = await page.request.get(`${await googleUrl(page)}/drive/v3/files?${new URLSearchParams({ q, fields: 'files(id,name,parents)', orderBy: 'name' })}`, { headers });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { files: Item[] }).files;
    },
    async get(id: string): Promise<Item> {
      const res = await page.request.get(`${await googleUrl(page)}/drive/v3/files/${id}?fields=id,name,parents,trashed`, { headers });
      expect(res.status()).toBe(200);
      return (await res.json()) as Item;
    },
  };
}

async function consent(popup: Page, account: string) {
  await popup.waitForLoadState();
  await popup.getByLabel(new RegExp(account.replace(/\./g, '\\.'))).check();
  await popup.getByRole('button', { name: 'Allow' }).click();
}

test('portfolio folders in two Dossier app folders are both found and renamed, and the newer app folder is merged into the older', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await signInThroughUi(page);
  const tag = Math.random().toString(36).slice(2, 7);
  const account = `drive-twin-${tag}@example.com`;
  const token = await driveAccessToken(page, { email: account, name: 'Drive Twin' });
  const google = drive(page, token);

  const { data: made, error } = await asPerson(user).from('portfolios').insert([{ name: `Home ${tag}` }, { name: `Car ${tag}` }]).select('id,name');
  expect(error).toBeNull();
  const home = made!.find((p) => p.name === `Home ${tag}`)!;
  const car = made!.find((p) => p.name === `Car ${tag}`)!;

  // What two devices connecting at once leave: two marked app folders, a portfolio folder in each,
  // and the person's files in the second one.
  const first = await google.create('Dossier', 'root', FOLDER, APP_MARKER);
  await google.create(`Portfolio: Home ${tag}`, first.id, FOLDER, `dossier:portfolio:${home.id}`);
  const second = await google.create('Dossier', 'root', FOLDER, APP_MARKER);
  const carFolder = await google.create(`Portfolio: Car ${tag}`, second.id, FOLDER, `dossier:portfolio:${car.id}`);
  const title = await google.create(`car title ${tag}.txt`, carFolder.id, 'text/plain');
  const notes = await google.create(`my notes ${tag}.txt`, second.id, 'text/plain');

  // Both portfolios renamed (elsewhere, before this browser ever looked into Drive).
  for (const [p, name] of [[home, `Home ${tag} new`], [car, `Car ${tag} sold`]] as const) {
    const { error: renameError } = await asPerson(user).from('portfolios').update({ name }).eq('id', p.id);
    expect(renameError).toBeNull();
  }

  // Connect Drive (read) from the library with the spec's own account.
  await openLibrary(page);
  await page.getByRole('button', { name: 'Import from Google Drive' }).first().click();
  const importDialog = page.getByRole('dialog', { name: 'Import from Google Drive' });
  const [readPopup] = await Promise.all([page.waitForEvent('popup'), importDialog.getByRole('button', { name: 'Connect Google Drive' }).click()]);
  const readClosed = readPopup.waitForEvent('close');
  await consent(readPopup, account);
  await readClosed;
  await expect(importDialog.getByRole('navigation', { name: 'Folder path' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The car's page finds its folder in the second app folder, under its old name, and offers the rename.
  await page.goto(`/portfolios/${car.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Car ${tag} sold` })).toBeVisible();
  const mirror = page.getByRole('region', { name: 'Google Drive folder' });
  await expect(mirror).toContainText(`Dossier/Portfolio: Car ${tag}`, { timeout: 30_000 });
  const [writePopup] = await Promise.all([page.waitForEvent('popup'), mirror.getByRole('button', { name: 'Rename the Drive folder' }).click()]);
  await consent(writePopup, account);
  await expect(mirror).toContainText(`Dossier/Portfolio: Car ${tag} sold`, { timeout: 30_000 });

  // With the write scope, the background name sync renames the other portfolio's folder too, and
  // the duplicate app folder is merged: one 'Dossier' left, holding both folders and the person's notes.
  const portfolioFolders = () => google.list(`name contains '${tag}' and mimeType = '${FOLDER}' and trashed = false`);
  await expect.poll(async () => (await portfolioFolders()).map((f) => f.name), { timeout: 30_000 }).toEqual([`Portfolio: Car ${tag} sold`, `Portfolio: Home ${tag} new`]);
  const appFolders = () => google.list(`'root' in parents and name = 'Dossier' and mimeType = '${FOLDER}' and trashed = false`);
  await expect.poll(async () => (await appFolders()).length, { timeout: 30_000 }).toBe(1);
  const [kept] = await appFolders();
  const gone = kept.id === first.id ? second : first;
  expect((await portfolioFolders()).map((f) => f.parents)).toEqual([[kept.id], [kept.id]]);
  expect((await portfolioFolders()).map((f) => f.id)).toContain(carFolder.id);
  // Nothing of the person's deleted: the notes moved along, the title is still in the car's folder,
  // and the emptied duplicate is in the trash (restorable), not deleted.
  expect(await google.get(notes.id)).toMatchObject({ parents: [kept.id], trashed: false });
  expect(await google.get(title.id)).toMatchObject({ parents: [carFolder.id], trashed: false });
  expect(await google.get(gone.id)).toMatchObject({ trashed: true });
});
