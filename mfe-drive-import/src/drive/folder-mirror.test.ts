/** @jest-environment node */
import { VALIDATION_MESSAGES } from '@dossier/shared/core';
import type { DriveClient, DriveFolder } from './drive-client';
import { FolderMirror } from './folder-mirror';

/** An in-memory Drive with the few calls the mirror makes. */
function fakeDrive() {
  const folders: DriveFolder[] = [];
  const files: Array<{ id: string; name: string; parent: string; size: number }> = [];
  let n = 0;
  const api = {
    listFolders: jest.fn(async (parentId: string) => folders.filter((f) => f.parentId === parentId).sort((a, b) => a.name.localeCompare(b.name))),
    findFolders: jest.fn(async (parentId: string, text: string) => folders.filter((f) => f.parentId === parentId && f.name.includes(text))),
    createFolder: jest.fn(async (name: string, parentId: string, description?: string) => {
      const f = { id: `f${++n}`, name, parentId, description };
      folders.push(f);
      return f;
    }),
    rename: jest.fn(async (id: string, name: string) => {
      const f = folders.find((x) => x.id === id)!;
      f.name = name;
      return { ...f };
    }),
    childNames: jest.fn(async (parentId: string) => new Set([...folders.filter((f) => f.parentId === parentId), ...files.filter((f) => f.parent === parentId)].map((f) => f.name))),
    uploadResumable: jest.fn(async (input: { name: string; parents: string[]; data: Blob }) => {
      const f = { id: `u${++n}`, name: input.name, parent: input.parents[0], size: input.data.size };
      files.push(f);
      return { id: f.id, name: f.name, size: String(f.size) };
    }),
  };
  return { api, folders, files, client: api as unknown as DriveClient };
}

describe('portfolio folders in Drive (SPEC §1/§3/§5)', () => {
  it('builds Dossier / Portfolio: {name} / Uncategorized once; a second device finds the same tree', async () => {
    const drive = fakeDrive();
    const portfolios = [{ id: 'p1', name: 'Home' }, { id: 'p2', name: 'Car: 2024?' }];
    const first = await new FolderMirror(drive.client).structure(portfolios);
    const second = await new FolderMirror(drive.client).structure(portfolios);
    expect(second).toEqual(first);
    expect(drive.folders.map((f) => f.name).sort()).toEqual(['Dossier', 'Portfolio: Car 2024', 'Portfolio: Home', 'Uncategorized']);
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
    expect(drive.folders.find((f) => f.id === before.id)!.name).toBe('Portfolio: House');
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
    expect(drive.folders.find((f) => f.id === s.portfolioFolders.a.id)!.name).toBe('Portfolio: House');
    expect(drive.folders.find((f) => f.id === s.portfolioFolders.b.id)!.name).toBe('Portfolio: Car');
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
