/** @jest-environment node */
import type { DocumentRecord } from '../../api/documents';
import { importFiles, importIntake, knownDuplicatesOf, whenSettled } from './import-pipeline';
import { UploadManager } from './upload-manager';

const USER = '11111111-1111-4111-8111-111111111111';
const match = (id: string, sha256: string) => ({ id, name: `${id}.pdf`, deleted_at: null, created_at: '2026-11-01T00:00:00.000Z', sha256 });

describe('knownDuplicatesOf (ADR 0255)', () => {
  it('answers for every expected checksum: the documents holding it, or none', () => {
    const known = knownDuplicatesOf(['sha-a', 'sha-b'], [match('doc-1', 'sha-a')]);
    expect(known('sha-a')).toEqual([{ id: 'doc-1', name: 'doc-1.pdf', deleted_at: null, created_at: '2026-11-01T00:00:00.000Z' }]);
    expect(known('sha-b')).toEqual([]);
  });

  it('does not answer for bytes that hash otherwise, or for a checksum two expected files share', () => {
    const known = knownDuplicatesOf(['sha-a', 'sha-twice', 'sha-twice'], []);
    expect(known('sha-changed-since-listing')).toBeUndefined();
    expect(known('sha-twice')).toBeUndefined();
    expect(known('sha-a')).toEqual([]);
  });

  it('names at most five, as the upload’s own check does', () => {
    expect(knownDuplicatesOf(['sha-a'], Array.from({ length: 7 }, (_, i) => match(`doc-${i}`, 'sha-a')))('sha-a')).toHaveLength(5);
  });
});

/** An async iterable of files handed over one at a time. */
async function* feed(files: File[]) {
  for (const f of files) yield f;
}

describe('the import pipeline (importFiles)', () => {
  function setup(lookUp: (shas: readonly string[]) => Promise<ReturnType<typeof match>[]>, expectedChecksums?: readonly string[]) {
    const asked: string[] = [];
    const rows: Array<{ name: string; drive_file_id?: string | null }> = [];
    const origin = (f: File) => ({ driveFileId: `drive-${f.name}`, driveModifiedTime: '2026-11-20T00:00:00.000Z' });
    const intake = importIntake(lookUp, () => ({ expectedChecksums, origin }));
    const manager = new UploadManager({
      userId: USER,
      validate: async () => ({ ok: true, mimeType: 'application/pdf' }),
      hash: async (f) => `sha-of-${await f.text()}`,
      findDuplicates: async (sha) => (asked.push(sha), []),
      extract: async () => ({ status: 'none', text: null }),
      store: async (_f, doc) => {
        rows.push({ name: doc.name, drive_file_id: doc.driveOrigin?.driveFileId });
        return { id: doc.documentId, name: doc.name } as DocumentRecord;
      },
      queueOffline: async () => undefined,
      isOnline: () => true,
      describeError: () => 'failed',
      newId: () => crypto.randomUUID(),
      source: 'drive',
      ...intake.deps,
    });
    return { intake, manager, asked, rows };
  }

  it('asks once for every expected checksum, then stores each file with its origin without a per-file duplicate request', async () => {
    const lookedUp: Array<readonly string[]> = [];
    const { intake, manager, asked, rows } = setup(async (shas) => (lookedUp.push(shas), []), ['sha-of-one', 'sha-of-two']);
    expect(await importFiles(manager, intake, feed([new File(['one'], 'a.pdf'), new File(['two'], 'b.pdf')]))).toBe('done');
    await whenSettled(manager);
    expect(lookedUp).toEqual([['sha-of-one', 'sha-of-two']]);
    expect(asked).toEqual([]);
    expect(rows).toEqual([
      { name: 'a.pdf', drive_file_id: 'drive-a.pdf' },
      { name: 'b.pdf', drive_file_id: 'drive-b.pdf' },
    ]);
  });

  it('a file whose bytes are not the expected ones, or a failed lookup, is checked as it is uploaded', async () => {
    const changed = setup(async () => [], ['sha-of-listed']);
    await importFiles(changed.manager, changed.intake, feed([new File(['edited'], 'a.pdf')]));
    await whenSettled(changed.manager);
    expect(changed.asked).toEqual(['sha-of-edited']);

    const down = setup(async () => Promise.reject(new Error('offline')), ['sha-of-one']);
    await importFiles(down.manager, down.intake, feed([new File(['one'], 'a.pdf')]));
    await whenSettled(down.manager);
    expect(down.asked).toEqual(['sha-of-one']);
    expect(down.rows).toHaveLength(1);
  });

  it('a known duplicate waits for the person’s answer instead of being stored again', async () => {
    const { intake, manager, rows } = setup(async () => [match('doc-1', 'sha-of-one')], ['sha-of-one']);
    await importFiles(manager, intake, feed([new File(['one'], 'a.pdf')]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(manager.getSnapshot().items[0]).toMatchObject({ status: 'duplicate', duplicates: [{ id: 'doc-1' }] });
    manager.resolveDuplicate(manager.getSnapshot().items[0].key, false);
    await whenSettled(manager);
    expect(manager.getSnapshot().items[0].status).toBe('skipped');
    expect(rows).toEqual([]);
  });
});
