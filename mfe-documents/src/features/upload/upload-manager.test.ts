/** @jest-environment node */
import type { DocumentRecord, DuplicateMatch } from '../../api/documents';
import { DataError } from '@dossier/shared/core';
import { UploadCancelledError } from '../../api/storage';
import { fakeDocumentStore } from './fake-document-store';
import { ALREADY_IMPORTED_MESSAGE, QUEUED_OFFLINE_MESSAGE, UploadManager, type UploadManagerDeps } from './upload-manager';
import { storeDocument, type DocumentToStore } from './store-document';
import { uploadSummary } from './upload-report';

const USER = '11111111-1111-4111-8111-111111111111';
const file = (name: string, content = '%PDF-1.4 x') => new File([content], name);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(overrides: Partial<UploadManagerDeps> = {}, known: Record<string, DuplicateMatch[]> = {}) {
  const stored: DocumentToStore[] = [];
  const queued: DocumentToStore[] = [];
  let ids = 0;
  const deps: UploadManagerDeps = {
    userId: USER,
    validate: async (f) => (f.name.endsWith('.exe') ? { ok: false, reason: 'not-allowed', message: `“${f.name}” refused` } : { ok: true, mimeType: 'application/pdf' }),
    hash: async (f) => `sha-of-${await f.text()}`,
    findDuplicates: async (sha) => known[sha] ?? [],
    extract: async () => ({ status: 'done', text: 'words' }),
    store: async (f, doc, options) => {
      options.onProgress({ loaded: f.size / 2, total: f.size });
      options.onProgress({ loaded: f.size, total: f.size });
      const extraction = await options.extraction;
      stored.push({ ...doc, extractedText: extraction.text });
      return { id: doc.documentId, name: doc.name } as DocumentRecord;
    },
    queueOffline: async (_f, doc) => {
      queued.push(doc);
    },
    isOnline: () => true,
    describeError: () => 'Server is temporarily unavailable. Please try again later.',
    newId: () => `00000000-0000-4000-8000-00000000000${(ids += 1)}`,
    ...overrides,
  };
  const manager = new UploadManager(deps);
  return { manager, stored, queued };
}

describe('UploadManager', () => {
  it('uploads many files, reports per-file and overall progress, and refuses bad ones by name', async () => {
    const { manager, stored } = setup();
    const overall: number[] = [];
    manager.subscribe(() => overall.push(manager.getSnapshot().overall.loaded));
    await manager.add([file('a.pdf', 'aaaa'), file('b.pdf', 'bbbbbbbb'), file('virus.exe')]);
    await flush();
    const items = manager.getSnapshot().items;
    expect(items.map((i) => [i.name, i.status])).toEqual([
      ['a.pdf', 'done'],
      ['b.pdf', 'done'],
      ['virus.exe', 'refused'],
    ]);
    expect(items[2].message).toBe('“virus.exe” refused');
    expect(stored.map((d) => d.extractedText)).toEqual(['words', 'words']);
    expect(manager.getSnapshot().overall).toEqual({ loaded: 12, total: 12 });
    expect(overall).toContain(2);
  });

  it('asks about a duplicate and skips it when told to', async () => {
    const { manager, stored } = setup({}, { 'sha-of-same': [{ id: 'x', name: 'old.pdf', deleted_at: null, created_at: '' }] });
    const adding = manager.add([file('copy.pdf', 'same')]);
    await flush();
    const [item] = manager.getSnapshot().items;
    expect(item.status).toBe('duplicate');
    expect(item.duplicates?.[0].name).toBe('old.pdf');
    manager.resolveDuplicate(item.key, false);
    await adding;
    expect(manager.getSnapshot().items[0].status).toBe('skipped');
    expect(stored).toHaveLength(0);
  });

  it('takes the duplicate answer a Drive import looked up before (ADR 0255) and asks only for hashes it does not know', async () => {
    const asked: string[] = [];
    const old = { id: 'x', name: 'old.pdf', deleted_at: null, created_at: '' };
    const { manager, stored } = setup({
      findDuplicates: async (sha) => {
        asked.push(sha);
        return [];
      },
      knownDuplicates: (sha) => ({ 'sha-of-new': [], 'sha-of-same': [old] })[sha],
    });
    const adding = manager.add([file('new.pdf', 'new'), file('copy.pdf', 'same'), file('other.pdf', 'other')]);
    await flush();
    expect(manager.getSnapshot().items.map((i) => i.status)).toEqual(['done', 'duplicate', 'done']);
    expect(manager.getSnapshot().items[1].duplicates).toEqual([old]);
    expect(asked).toEqual(['sha-of-other']);
    manager.resolveDuplicate(manager.getSnapshot().items[1].key, false);
    await adding;
    expect(stored.map((d) => d.name)).toEqual(['new.pdf', 'other.pdf']);
  });

  it('keeps a duplicate when the person chooses to', async () => {
    const { manager, stored } = setup({}, { 'sha-of-same': [{ id: 'x', name: 'old.pdf', deleted_at: null, created_at: '' }] });
    const adding = manager.add([file('copy.pdf', 'same')]);
    await flush();
    manager.resolveDuplicate(manager.getSnapshot().items[0].key, true);
    await adding;
    await flush();
    expect(manager.getSnapshot().items[0].status).toBe('done');
    expect(stored).toHaveLength(1);
  });

  it("names the kept copy ' (1)' when the name is taken (Keep both)", async () => {
    const { manager, stored } = setup(
      { takenNames: async () => ['passport.pdf', 'passport (1).pdf'] },
      { 'sha-of-same': [{ id: 'x', name: 'passport.pdf', deleted_at: null, created_at: '' }] },
    );
    const adding = manager.add([file('passport.pdf', 'same')]);
    await flush();
    manager.resolveDuplicate(manager.getSnapshot().items[0].key, true);
    await adding;
    await flush();
    expect(stored.map((d) => d.name)).toEqual(['passport (2).pdf']);
    expect(manager.getSnapshot().items[0].name).toBe('passport (2).pdf');
  });

  it("names the kept copy ' (1)' from the duplicate's own name without a name lookup", async () => {
    const { manager, stored } = setup({}, { 'sha-of-same': [{ id: 'x', name: 'passport.pdf', deleted_at: null, created_at: '' }] });
    const adding = manager.add([file('passport.pdf', 'same')]);
    await flush();
    manager.resolveDuplicate(manager.getSnapshot().items[0].key, true);
    await adding;
    await flush();
    expect(stored.map((d) => d.name)).toEqual(['passport (1).pdf']);
  });

  it('queues uploads started offline with their document id', async () => {
    const { manager, stored, queued } = setup({ isOnline: () => false });
    await manager.add([file('a.pdf')]);
    await flush();
    const [item] = manager.getSnapshot().items;
    expect(item.status).toBe('queued-offline');
    expect(item.message).toBe(QUEUED_OFFLINE_MESSAGE);
    expect(queued.map((d) => d.documentId)).toEqual([item.documentId]);
    expect(stored).toHaveLength(0);
  });

  it('a row queued offline follows the queue: Uploaded once the queue stored it, Skipped when dropped from it', async () => {
    const { manager } = setup({ isOnline: () => false });
    await manager.add([file('a.pdf', 'first'), file('b.pdf', 'second')]);
    await flush();
    const [a, b] = manager.getSnapshot().items;
    expect(manager.queuedDocumentIds()).toEqual([a.documentId, b.documentId]);
    manager.settleQueued(a.documentId, 'stored');
    manager.settleQueued(b.documentId, 'dropped');
    const [storedRow, droppedRow] = manager.getSnapshot().items;
    expect(storedRow).toMatchObject({ status: 'done', loaded: storedRow.size, message: undefined });
    expect(droppedRow.status).toBe('skipped');
    expect(droppedRow.message).not.toBe(QUEUED_OFFLINE_MESSAGE);
    expect(manager.queuedDocumentIds()).toEqual([]);
    expect(manager.getSnapshot().overall).toEqual({ loaded: storedRow.size, total: storedRow.size });
  });

  it('never stays at "Checking…" when the checks cannot run (a tab opened offline): the row says why', async () => {
    const { manager, queued } = setup({
      isOnline: () => false,
      validate: async () => {
        throw new TypeError('Loading chunk 5130 failed.');
      },
    });
    await manager.add([file('a.pdf')]);
    await flush();
    expect(manager.getSnapshot().items[0]).toMatchObject({ status: 'failed', message: 'Server is temporarily unavailable. Please try again later.' });
    expect(manager.getSnapshot().active).toBe(false);
    expect(queued).toEqual([]);
  });

  it('queues an upload that is cut off, with the text already extracted', async () => {
    const { manager, queued } = setup({
      store: async () => {
        throw new DataError('network', { status: 0, code: 'network' });
      },
    });
    await manager.add([file('a.pdf')]);
    await flush();
    expect(manager.getSnapshot().items[0].status).toBe('queued-offline');
    expect(queued[0]).toMatchObject({ extractedText: 'words', extractionStatus: 'done' });
  });

  it('shows the classified message, not the raw error, when the server refuses', async () => {
    const { manager } = setup({
      store: async () => {
        throw new DataError('upload failed with HTTP 500 internal stack trace', { status: 500 });
      },
    });
    await manager.add([file('a.pdf')]);
    await flush();
    const [item] = manager.getSnapshot().items;
    expect(item.status).toBe('failed');
    expect(item.message).toBe('Server is temporarily unavailable. Please try again later.');
  });

  it('stores a password-protected PDF and says why its text is not searchable', async () => {
    const { manager, stored } = setup({ extract: async () => ({ status: 'encrypted', text: null }) });
    await manager.add([file('locked.pdf')]);
    await flush();
    const [item] = manager.getSnapshot().items;
    expect(item.status).toBe('done');
    expect(item.message).toBe('Stored. This PDF is password-protected, so its text is not searchable.');
    expect(stored).toHaveLength(1);
  });

  it('cancels a running upload', async () => {
    const { manager } = setup({
      store: (_f, _doc, options) =>
        new Promise((_resolve, reject) => {
          options.signal.addEventListener('abort', () => reject(new UploadCancelledError()));
        }),
    });
    await manager.add([file('slow.pdf')]);
    const [item] = manager.getSnapshot().items;
    expect(item.status).toBe('uploading');
    manager.cancel(item.key);
    await flush();
    expect(manager.getSnapshot().items[0].status).toBe('cancelled');
    expect(manager.getSnapshot().active).toBe(false);
  });

  it('two devices importing the same Drive file at once: one stores it, the other skips it as already imported (ADR 0250)', async () => {
    // One backend (the table's Drive-origin index included), two devices each with its upload manager.
    const backend = fakeDocumentStore(USER);
    const origin = { driveFileId: 'drive-file-0001', driveModifiedTime: '2026-11-01T00:00:00.000Z' };
    const device = (n: number) => {
      const told: Array<{ id: string; file: File }> = [];
      const failures: unknown[] = [];
      const { manager } = setup({
        source: 'drive',
        newId: () => `00000000-0000-4000-8000-00000000000${n}`,
        driveOrigin: () => origin,
        store: (f, doc, options) => storeDocument(backend.store, f, doc, options),
        describeError: (error) => (failures.push(error), 'failed'),
        onAlreadyImported: (document, f) => told.push({ id: document.id, file: f }),
      });
      return { manager, told, failures };
    };
    const phone = device(1);
    const laptop = device(2);
    const laptopFile = file('Insurance.pdf', '%PDF-1.4 policy');
    // Both passed the "already imported?" check before either stored anything.
    await Promise.all([phone.manager.add([file('Insurance.pdf', '%PDF-1.4 policy')]), laptop.manager.add([laptopFile])]);
    await flush();

    const [won] = phone.manager.getSnapshot().items;
    const [lost] = laptop.manager.getSnapshot().items;
    expect(won.status).toBe('done');
    expect(lost).toMatchObject({ status: 'skipped', message: ALREADY_IMPORTED_MESSAGE, document: { id: won.documentId } });
    expect(laptop.told).toEqual([{ id: won.documentId, file: laptopFile }]);
    expect(laptop.failures).toEqual([]);
    // Exactly one row and one object: the losing attempt left nothing behind.
    expect([...backend.rows.keys()]).toEqual([won.documentId]);
    expect([...backend.objects.keys()]).toEqual([`${USER}/${won.documentId}/Insurance.pdf`]);
    expect(laptop.manager.getSnapshot().active).toBe(false);
  });

  it('any other 23505 on insert stays a failure', async () => {
    const backend = fakeDocumentStore(USER, { insert: 'conflict' });
    const told: unknown[] = [];
    const { manager } = setup({
      driveOrigin: () => ({ driveFileId: 'drive-file-0001', driveModifiedTime: '2026-11-01T00:00:00.000Z' }),
      store: (f, doc, options) => storeDocument(backend.store, f, doc, options),
      onAlreadyImported: (document) => told.push(document),
    });
    await manager.add([file('a.pdf')]);
    await flush();
    expect(manager.getSnapshot().items[0]).toMatchObject({ status: 'failed', message: 'Server is temporarily unavailable. Please try again later.' });
    expect(told).toEqual([]);
    expect(backend.objects.size).toBe(0);
  });
  it('tells the caller of every file that ended unstored, and why: the plan limit, a refused type, a skipped duplicate (issue 21 §4)', async () => {
    const LIMIT = 'Your Free plan holds up to 100 documents. Upgrade your plan in Settings, or delete documents and empty the trash.';
    const told: Array<[string, string, string | undefined]> = [];
    const { manager } = setup(
      {
        store: async (_f, doc) => {
          if (doc.name === 'full.pdf') throw new DataError('Plan limit reached: the Free plan holds up to 100 documents.', { status: 400 });
          return { id: doc.documentId, name: doc.name } as DocumentRecord;
        },
        describeError: () => LIMIT,
        onNotStored: (f, outcome) => told.push([f.name, outcome.status, outcome.message]),
      },
      { 'sha-of-same': [{ id: 'x', name: 'old.pdf', deleted_at: null, created_at: '' }] },
    );
    const adding = manager.add([file('ok.pdf', 'ok'), file('full.pdf', 'full'), file('virus.exe'), file('copy.pdf', 'same')]);
    await flush();
    const copy = manager.getSnapshot().items.find((i) => i.name === 'copy.pdf')!;
    manager.resolveDuplicate(copy.key, false);
    await adding;
    await flush();
    expect(told.sort()).toEqual([
      ['copy.pdf', 'skipped', 'Skipped: you already have this file.'],
      ['full.pdf', 'failed', LIMIT],
      ['virus.exe', 'refused', '“virus.exe” refused'],
    ]);
    // Told once per file, and never about a stored one.
    manager.cancelAll();
    expect(told).toHaveLength(3);
  });

  describe('the summary under the list is about the files just added (the latest batch)', () => {
    const files = (prefix: string, count: number) => Array.from({ length: count }, (_, n) => file(`${prefix}${n}.pdf`, `${prefix}${n}`));

    it('2 files, then 44 once those are in: "Uploaded 44", not 46', async () => {
      const { manager } = setup();
      await manager.add(files('first', 2));
      await flush();
      expect(uploadSummary(manager.getSnapshot().items)).toBe('Uploaded 2 · Failed 0');
      await manager.add(files('then', 44));
      await flush();
      const { items, active } = manager.getSnapshot();
      expect(active).toBe(false);
      expect(items).toHaveLength(46);
      expect(uploadSummary(items)).toBe('Uploaded 44 · Failed 0');
    });

    it('the overall bar counts the latest batch only: its bytes, from 0', async () => {
      const { manager } = setup();
      await manager.add([file('a.pdf', 'aaaa'), file('b.pdf', 'bbbb')]);
      await flush();
      expect(manager.getSnapshot().overall).toEqual({ loaded: 8, total: 8 });
      const loaded: number[] = [];
      const unsubscribe = manager.subscribe(() => loaded.push(manager.getSnapshot().overall.loaded));
      await manager.add([file('c.pdf', 'cccccc'), file('d.pdf', 'dd')]);
      await flush();
      unsubscribe();
      expect(manager.getSnapshot().items).toHaveLength(4);
      expect(manager.getSnapshot().overall).toEqual({ loaded: 8, total: 8 });
      // It started again from nothing (c.pdf half-way is 3 of 8), never from the first batch's 8.
      expect(loaded[0]).toBe(0);
      expect(loaded).toContain(3);
    });

    it('counts the files still being checked from the start: 0 of their size, never 0 of 0', async () => {
      let check!: () => void;
      const checked = new Promise<void>((resolve) => (check = resolve));
      const { manager } = setup({ hash: async (f) => (await checked, `sha-of-${await f.text()}`) });
      const adding = manager.add([file('c.pdf', 'cccccc'), file('d.pdf', 'dd')]);
      await flush();
      expect(manager.getSnapshot().items.map((item) => item.status)).toEqual(['checking', 'checking']);
      expect(manager.getSnapshot().overall).toEqual({ loaded: 0, total: 8 });
      check();
      await adding;
      await flush();
      expect(manager.getSnapshot().overall).toEqual({ loaded: 8, total: 8 });
    });

    it('files added while others are still on their way belong to the same batch', async () => {
      const release: (() => void)[] = [];
      const { manager } = setup({
        store: (_f, doc, options) =>
          new Promise((resolve) => release.push(() => void options.extraction.then(() => resolve({ id: doc.documentId, name: doc.name } as DocumentRecord)))),
      });
      void manager.add(files('first', 2));
      await flush();
      expect(manager.getSnapshot().active).toBe(true);
      void manager.add(files('more', 3));
      await flush();
      while (release.length > 0) {
        release.shift()!();
        await flush();
      }
      expect(manager.getSnapshot().active).toBe(false);
      expect(uploadSummary(manager.getSnapshot().items)).toBe('Uploaded 5 · Failed 0');
    });

    it('an earlier batch’s failure still listed stays in the summary', async () => {
      const { manager } = setup();
      await manager.add([file('a.pdf', 'a'), file('virus.exe')]);
      await flush();
      await manager.add(files('then', 3));
      await flush();
      expect(uploadSummary(manager.getSnapshot().items)).toBe('Uploaded 3 · Failed 0 · Failed earlier 1 (shown with each file)');
      manager.clearFinished();
      await manager.add(files('after', 1));
      await flush();
      expect(uploadSummary(manager.getSnapshot().items)).toBe('Uploaded 1 · Failed 0');
    });
  });
});
