/** @jest-environment node */
import { VALIDATION_MESSAGES } from '@dossier/shared/core';
import type { DriveClient, DriveFolder } from './drive-client';
import { FolderMirror } from './folder-mirror';

/** An in-memory Drive with the few calls the mirror makes; every call yields, so two mirrors interleave as two devices do. */
function fakeDrive() {
  type Item = DriveFolder & { mimeType: string; trashed: boolean; size?: number };
  const FOLDER = 'application/vnd.google-apps.folder';
  const items: Item[] = [];
  let n = 0;
  // createdTime one second apart, in creation order; ids are not in that order, so "oldest" is not "smallest id".
  const made = () => ({ id: `f${String(1000 - ++n).padStart(4, '0')}`, createdTime: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() });
  const tick = () => new Promise((r) => setTimeout(r, 0));
  const live = () => items.filter((i) => !i.trashed);
  const folders = () => live().filter((i) => i.mimeType === FOLDER);
  const asFolder = ({ id, name, parentId, createdTime, description }: Item): DriveFolder => ({ id, name, parentId, createdTime, description });
  const api = {
    listFolders: jest.fn(async (parentId: string) => {
      await tick();
      return folders().filter((f) => f.parentId === parentId).sort((a, b) => a.name.localeCompare(b.name)).map(asFolder);
    }),
    findFolders: jest.fn(async (parentId: string, text: string) => {
      await tick();
      return folders().filter((f) => f.parentId === parentId && f.name.includes(text)).map(asFolder);
    }),
    listChildren: jest.fn(async (parentId: string) => {
      await tick();
      return live().filter((f) => f.parentId === parentId).map((f) => ({ ...asFolder(f), mimeType: f.mimeType }));
    }),
    createFolder: jest.fn(async (name: string, parentId: string, description?: string) => {
      await tick();
      const f: Item = { ...made(), name, parentId, description, mimeType: FOLDER, trashed: false };
      items.push(f);
      return asFolder(f);
    }),
    rename: jest.fn(async (id: string, name: string) => {
      await tick();
      const f = items.find((x) => x.id === id)!;
      f.name = name;
      return asFolder(f);
    }),
    move: jest.fn(async (id: string, from: string, to: string, name?: string) => {
      await tick();
      const f = items.find((x) => x.id === id)!;
      if (f.parentId === from) f.parentId = to;
      if (name) f.name = name;
      return asFolder(f);
    }),
    trash: jest.fn(async (id: string) => {
      await tick();
      items.find((x) => x.id === id)!.trashed = true;
    }),
    childNames: jest.fn(async (parentId: string) => new Set(live().filter((f) => f.parentId === parentId).map((f) => f.name))),
    uploadResumable: jest.fn(async (input: { name: string; parents: string[]; data: Blob }) => {
      const f: Item = { ...made(), name: input.name, parentId: input.parents[0], mimeType: 'application/pdf', trashed: false, size: input.data.size };
      items.push(f);
      return { id: f.id, name: f.name, size: String(f.size) };
    }),
  };
  /** Arranges Drive as another device (or the person) left it. */
  const add = (name: string, parentId: string, description?: string, mimeType = FOLDER) => {
    const f: Item = { ...made(), name, parentId, description, mimeType, trashed: false };
    items.push(f);
    return f;
  };
  return { api, items, add, folders, client: api as unknown as DriveClient };
}

describe('portfolio folders in Drive (SPEC §1/§3/§5)', () => {
  it('builds Dossier / Portfolio: {name} / Uncategorized once; a second device finds the same tree', async () => {
    const drive = fakeDrive();
    const portfolios = [{ id: 'p1', name: 'Home' }, { id: 'p2', name: 'Car: 2024?' }];
    const first = await new FolderMirror(drive.client).structure(portfolios);
    const second = await new FolderMirror(drive.client).structure(portfolios);
    expect(second).toEqual(first);
    expect(drive.folders().map((f) => f.name).sort()).toEqual(['Dossier', 'Portfolio: Car 2024', 'Portfolio: Home', 'Uncategorized']);
    expect(first.portfolioFolders.p2.name).toBe('Portfolio: Car 2024');
  });

  it('two portfolios whose names sanitise alike get (1); an empty name is refused', async () => {
    const drive = fakeDrive();
    const s = await new FolderMirror(drive.client).structure([{ id: 'a', name: 'Tax' }, { id: 'b', name: 'Tax?' }]);
    expect([s.portfolioFolders.a.name, s.portfolioFolders.b.name]).toEqual(['Portfolio: Tax', 'Portfolio: Tax (1)']);
    await expect(new FolderMirror(drive.client).structure([{ id: 'c', name: '???' }])).rejects.toThrow(VALIDATION_MESSAGES.invalidPortfolioName);
  });

  it('Save to Drive uploads into the portfolio folder, renames on conflict, and answers the upload result', async () => {
    const drive = fakeDrive();
    const mirror = new FolderMirror(drive.client);
    const a = await mirror.saveDocument({ fileName: 'deed.pdf', mimeType: 'application/pdf', data: new Blob(['abc']), portfolio: { id: 'p', name: 'Home' } });
    const b = await mirror.saveDocument({ fileName: 'deed.pdf', mimeType: 'application/pdf', data: new Blob(['abcd']), portfolio: { id: 'p', name: 'Home' } });
    const c = await mirror.saveDocument({ fileName: 'note.txt', mimeType: 'text/plain', data: new Blob(['x']), portfolio: null });
    expect(a).toEqual({ fileId: expect.any(String), fileName: 'deed.pdf', fileSize: 3, driveFilePath: 'Dossier/Portfolio: Home/deed.pdf', portfolioFolderId: expect.any(String) });
    expect(b.fileName).toBe('deed (1).pdf');
    expect(b.portfolioFolderId).toBe(a.portfolioFolderId);
    expect(c.driveFilePath).toBe('Dossier/Uncategorized/note.txt');
  });

  it('renaming a portfolio renames its folder', async () => {
    const drive = fakeDrive();
    const mirror = new FolderMirror(drive.client);
    const before = (await mirror.structure([{ id: 'p', name: 'Home' }])).portfolioFolders.p;
    const after = await mirror.renamePortfolio({ id: 'p', name: 'House' });
    expect(after.id).toBe(before.id);
    expect(drive.folders().find((f) => f.id === before.id)!.name).toBe('Portfolio: House');
  });

  it('syncing folder names renames every folder whose portfolio was renamed, and only those (ADR 0196)', async () => {
    const drive = fakeDrive();
    const mirror = new FolderMirror(drive.client);
    const s = await mirror.structure([{ id: 'a', name: 'Home' }, { id: 'b', name: 'Car' }, { id: 'c', name: 'Tax' }]);
    drive.api.rename.mockClear();
    // 'a' renamed (on another page, device, or while Drive was disconnected); 'c' renamed onto Car's name.
    const renamed = await mirror.syncFolderNames([{ id: 'a', name: 'House' }, { id: 'b', name: 'Car' }, { id: 'c', name: 'Car?' }]);
    expect(renamed).toEqual([
      { portfolioId: 'a', from: 'Portfolio: Home', to: 'Portfolio: House' },
      { portfolioId: 'c', from: 'Portfolio: Tax', to: 'Portfolio: Car (1)' },
    ]);
    expect(drive.folders().find((f) => f.id === s.portfolioFolders.a.id)!.name).toBe('Portfolio: House');
    expect(drive.folders().find((f) => f.id === s.portfolioFolders.b.id)!.name).toBe('Portfolio: Car');
    expect(drive.api.rename).toHaveBeenCalledTimes(2);
    // In step: nothing to do, nothing called; ' (1)' counts as the portfolio's name.
    await expect(mirror.syncFolderNames([{ id: 'a', name: 'House' }, { id: 'b', name: 'Car' }, { id: 'c', name: 'Car?' }])).resolves.toEqual([]);
    expect(drive.api.rename).toHaveBeenCalledTimes(2);
  });

  it('syncing folder names creates nothing when there is no mirror yet', async () => {
    const drive = fakeDrive();
    await expect(new FolderMirror(drive.client).syncFolderNames([{ id: 'a', name: 'Home' }])).resolves.toEqual([]);
    expect(drive.api.createFolder).not.toHaveBeenCalled();
  });
});

describe('two Dossier app folders in one account (ADR 0497)', () => {
  const APP = 'dossier:app-root';
  const PDF = 'application/pdf';

  /** What two devices connecting at once leave: an older app folder, and a newer one holding portfolio b's folder and a file. */
  function twoAppFolders() {
    const drive = fakeDrive();
    const older = drive.add('Dossier', 'root', APP);
    const a = drive.add('Portfolio: Home', older.id, 'dossier:portfolio:a');
    const newer = drive.add('Dossier', 'root', APP);
    const b = drive.add('Portfolio: Car', newer.id, 'dossier:portfolio:b');
    const deed = drive.add('deed.pdf', b.id, undefined, PDF);
    const loose = drive.add('my notes.pdf', newer.id, undefined, PDF);
    return { drive, older, newer, a, b, deed, loose };
  }

  it('the app folder is the oldest marked one, whatever order Drive lists them in; a folder only named Dossier comes last', async () => {
    const drive = fakeDrive();
    const persons = drive.add('Dossier', 'root');
    const older = drive.add('Dossier', 'root', APP);
    drive.add('Dossier', 'root', APP);
    // Drive lists equal names in any order: the newest first here.
    drive.api.listFolders.mockImplementationOnce(async () => drive.folders().filter((f) => f.parentId === 'root').reverse());
    expect((await new FolderMirror(drive.client).findAppFolder())!.id).toBe(older.id);
    expect(persons.trashed).toBe(false);
  });

  it('the name sync finds a portfolio folder in the second app folder, renames it and merges that app folder into the oldest', async () => {
    const { drive, older, newer, a, b, deed, loose } = twoAppFolders();
    const renamed = await new FolderMirror(drive.client).syncFolderNames([{ id: 'a', name: 'House' }, { id: 'b', name: 'Car sold' }]);
    expect(renamed).toEqual([
      { portfolioId: 'a', from: 'Portfolio: Home', to: 'Portfolio: House' },
      { portfolioId: 'b', from: 'Portfolio: Car', to: 'Portfolio: Car sold' },
    ]);
    // One app folder left; everything in it, the person's files too; the emptied duplicate is in the trash, not deleted.
    expect([a.parentId, b.parentId, loose.parentId]).toEqual([older.id, older.id, older.id]);
    expect(deed.parentId).toBe(b.id);
    expect(newer.trashed).toBe(true);
    expect(drive.items.filter((i) => i.trashed).map((i) => i.id)).toEqual([newer.id]);
    expect(drive.items.map((i) => i.id)).toContain(newer.id);
  });

  it('when the merge cannot move (Drive refuses), the folder is still found and renamed, and the duplicate is kept', async () => {
    const { drive, newer, b } = twoAppFolders();
    drive.api.move.mockRejectedValue(new Error('insufficientFilePermissions'));
    const mirror = new FolderMirror(drive.client);
    expect(await mirror.syncFolderNames([{ id: 'b', name: 'Car sold' }])).toEqual([{ portfolioId: 'b', from: 'Portfolio: Car', to: 'Portfolio: Car sold' }]);
    expect(b.parentId).toBe(newer.id);
    expect(newer.trashed).toBe(false);
    expect(drive.api.trash).not.toHaveBeenCalled();
    expect((await mirror.findPortfolioFolder('b'))!.id).toBe(b.id);
  });

  it('Save to Drive and renaming use the portfolio folder in the second app folder instead of making another', async () => {
    const { drive, older, b } = twoAppFolders();
    drive.api.move.mockRejectedValue(new Error('offline'));
    const mirror = new FolderMirror(drive.client);
    const saved = await mirror.saveDocument({ fileName: 'deed.pdf', mimeType: PDF, data: new Blob(['abc']), portfolio: { id: 'b', name: 'Car' } });
    expect(saved.portfolioFolderId).toBe(b.id);
    expect(saved.fileName).toBe('deed (1).pdf');
    expect((await mirror.renamePortfolio({ id: 'b', name: 'Van' })).id).toBe(b.id);
    expect((await mirror.structure([{ id: 'b', name: 'Van' }])).portfolioFolders.b.id).toBe(b.id);
    expect(drive.api.createFolder).not.toHaveBeenCalledWith(expect.stringContaining('Portfolio:'), expect.anything(), expect.anything());
    expect((await mirror.structure([{ id: 'b', name: 'Van' }])).appFolderId).toBe(older.id);
  });

  it('a portfolio folder made twice (one in each app folder) becomes one: contents moved into the older, the newer trashed', async () => {
    const drive = fakeDrive();
    const older = drive.add('Dossier', 'root', APP);
    const first = drive.add('Portfolio: Car', older.id, 'dossier:portfolio:b');
    const newer = drive.add('Dossier', 'root', APP);
    const second = drive.add('Portfolio: Car', newer.id, 'dossier:portfolio:b');
    const file = drive.add('insurance.pdf', second.id, undefined, PDF);
    const s = await new FolderMirror(drive.client).structure([{ id: 'b', name: 'Car' }]);
    expect(s.portfolioFolders.b.id).toBe(first.id);
    expect(file.parentId).toBe(first.id);
    expect(file.trashed).toBe(false);
    expect([second.trashed, newer.trashed]).toEqual([true, true]);
  });

  it("never trashes a folder it did not mark, nor anything of the person's", async () => {
    const drive = fakeDrive();
    const ours = drive.add('Dossier', 'root', APP);
    const persons = drive.add('Dossier', 'root');
    const theirs = drive.add('Portfolio: Mine', persons.id);
    await new FolderMirror(drive.client).syncFolderNames([{ id: 'x', name: 'X' }]);
    await new FolderMirror(drive.client).structure([{ id: 'x', name: 'X' }]);
    expect(drive.items.filter((i) => i.trashed)).toEqual([]);
    expect([persons.parentId, theirs.parentId]).toEqual(['root', persons.id]);
    expect((await new FolderMirror(drive.client).findAppFolder())!.id).toBe(ours.id);
  });

  it('two devices building the mirror at the same moment end with one app folder and one folder per portfolio', async () => {
    const drive = fakeDrive();
    const portfolios = [{ id: 'p1', name: 'Home' }, { id: 'p2', name: 'Car' }];
    const [one, two] = await Promise.all([new FolderMirror(drive.client).structure(portfolios), new FolderMirror(drive.client).structure(portfolios)]);
    // Both created an app folder (the race is real) ...
    expect(drive.api.createFolder.mock.calls.filter(([name]) => name === 'Dossier')).toHaveLength(2);
    // ... and both converged on the older one.
    expect(two).toEqual(one);
    const live = drive.folders();
    expect(live.filter((f) => f.name === 'Dossier')).toHaveLength(1);
    expect(live.map((f) => f.name).sort()).toEqual(['Dossier', 'Portfolio: Car', 'Portfolio: Home', 'Uncategorized']);
    // A third device (or the next run) finds the same tree and makes nothing.
    drive.api.createFolder.mockClear();
    expect(await new FolderMirror(drive.client).structure(portfolios)).toEqual(one);
    expect(drive.api.createFolder).not.toHaveBeenCalled();
  });
});
