/** @jest-environment node */
import { DriveError } from '@dossier/shared/core';
import type { DriveClient, DriveFile } from '../../drive/drive-client';
import { alreadyImported, alreadyUpdated, downloadFeed, importReport, importSummary, expectedChecksums, notStored, planImport, type ImportItem } from './drive-import';

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
const driveFile = (id: string, mimeType = 'application/pdf'): DriveFile => ({ id, name: `${id}.pdf`, mimeType, modifiedTime: '2026-11-01T00:00:00.000Z' });

/** A fake network: every download waits until the test answers it (or the signal aborts it). */
function fakeDrive() {
  const pending = new Map<string, { resolve: (blob: Blob) => void; reject: (error: unknown) => void }>();
  const started: string[] = [];
  const fetchOne = (id: string, _name?: string, signal?: AbortSignal) =>
    new Promise<Blob>((resolve, reject) => {
      started.push(id);
      pending.set(id, { resolve, reject });
      signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
    });
  const client = { download: fetchOne, exportPdf: fetchOne } as unknown as DriveClient;
  return {
    client,
    started,
    inFlight: () => [...pending.keys()],
    answer: async (id: string, body = `bytes of ${id}`) => {
      pending.get(id)!.resolve(new Blob([body]));
      pending.delete(id);
      await flush();
    },
    fail: async (id: string, error: unknown) => {
      pending.get(id)!.reject(error);
      pending.delete(id);
      await flush();
    },
  };
}

function run(ids: string[], options?: { concurrency?: number; window?: number }) {
  const drive = fakeDrive();
  let items: ImportItem[] = planImport(ids.map((id) => driveFile(id)), []);
  const update = (index: number, patch: Partial<ImportItem>) => {
    items = items.map((it, i) => (i === index ? { ...it, ...patch } : it));
  };
  const controller = new AbortController();
  const feed = downloadFeed(drive.client, items, update, controller.signal, options);
  return { drive, feed, controller, items: () => items, status: () => items.map((it) => it.status) };
}

describe('the Drive import pipeline (downloadFeed)', () => {
  it('hands each file on as soon as it is downloaded, in the order they finish', async () => {
    const { drive, feed, items } = run(['a', 'b', 'c']);
    await flush();
    expect(drive.started).toEqual(['a', 'b', 'c']);
    const first = feed.next();
    await drive.answer('b');
    const got = await first;
    expect(got.done).toBe(false);
    expect(await (got.value as File).text()).toBe('bytes of b');
    expect((got.value as File).name).toBe('b.pdf');
    // Taken by the upload: the item no longer holds the bytes, but keeps the hash to match the stored document.
    expect(items()[1]).toMatchObject({ status: 'downloaded', download: undefined });
    expect(items()[1].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(drive.inFlight()).toEqual(['a', 'c']);
  });

  it('holds at most `window` files not yet taken: a slow upload holds the downloads back', async () => {
    const { drive, feed } = run(['f1', 'f2', 'f3', 'f4', 'f5', 'f6', 'f7', 'f8'], { concurrency: 2, window: 3 });
    await flush();
    expect(drive.started).toEqual(['f1', 'f2']);
    await drive.answer('f1');
    await drive.answer('f2');
    // Two downloaded and waiting for the upload, one downloading: three slots, none free.
    expect(drive.started).toEqual(['f1', 'f2', 'f3']);
    await drive.answer('f3');
    expect(drive.started).toHaveLength(3);
    // The upload takes one: exactly one more download may start.
    expect((await feed.next()).value?.name).toBe('f1.pdf');
    await flush();
    expect(drive.started).toEqual(['f1', 'f2', 'f3', 'f4']);

    // Drain it all, answering as the downloads start; never more than three held.
    const names: string[] = [];
    let maxHeld = 0;
    for (;;) {
      for (const id of drive.inFlight()) await drive.answer(id);
      const next = await feed.next();
      if (next.done) break;
      names.push(next.value.name);
      maxHeld = Math.max(maxHeld, drive.started.length - names.length - 1);
    }
    expect(names).toEqual(['f2.pdf', 'f3.pdf', 'f4.pdf', 'f5.pdf', 'f6.pdf', 'f7.pdf', 'f8.pdf']);
    expect(maxHeld).toBeLessThanOrEqual(3);
  });

  it('fails a file on its own, with its reason, and goes on with the others', async () => {
    const { drive, feed, items } = run(['ok1', 'gone', 'ok2']);
    await flush();
    const names: Promise<string[]> = (async () => {
      const out: string[] = [];
      for await (const file of feed) out.push(file.name);
      return out;
    })();
    await drive.fail('gone', new DriveError('file_not_found', 'File not found: gone.', { operation: 'download', fileId: 'gone' }, { status: 404 }));
    await drive.answer('ok2');
    await drive.answer('ok1');
    expect(await names).toEqual(['ok2.pdf', 'ok1.pdf']);
    expect(items()[1].status).toBe('failed');
    expect(items()[1].reason).toMatch(/File Not Found/);
  });

  it('does not download a file Drive lists as 0 bytes: it fails at once, for good, in plain words', async () => {
    const drive = fakeDrive();
    const empty: DriveFile = { ...driveFile('notes', 'text/plain'), name: 'notes.txt', size: '0' };
    let items: ImportItem[] = planImport([empty, driveFile('ok')], []);
    const feed = downloadFeed(drive.client, items, (index, patch) => {
      items = items.map((it, i) => (i === index ? { ...it, ...patch } : it));
    }, new AbortController().signal);
    await flush();
    expect(drive.started).toEqual(['ok']);
    expect(items[0]).toMatchObject({ status: 'failed', final: true, reason: '“notes.txt” was not imported: the file is empty in Google Drive.' });
    await drive.answer('ok');
    expect((await feed.next()).value?.name).toBe('ok.pdf');
    expect(importSummary(items).retryable.map((it) => it.file.id)).toEqual([]);
  });

  it('cancel: files not started and downloading are cancelled, those downloaded are still handed on, then it ends', async () => {
    const { drive, feed, controller, status } = run(['a', 'b', 'c', 'd', 'e', 'f'], { concurrency: 2, window: 2 });
    await flush();
    await drive.answer('a');
    expect(drive.started).toEqual(['a', 'b']);
    controller.abort();
    await flush();
    expect(status()).toEqual(['downloaded', 'cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect((await feed.next()).value?.name).toBe('a.pdf');
    expect((await feed.next()).done).toBe(true);
    expect(drive.started).toEqual(['a', 'b']);
  });

  it('skips what is not waiting (duplicates) and ends at once when nothing is', async () => {
    const drive = fakeDrive();
    const items = planImport([driveFile('dup')], [{ id: 'doc1', name: 'dup.pdf', drive_file_id: 'dup', drive_modified_time: '2026-11-01T00:00:00.000Z' }]);
    const feed = downloadFeed(drive.client, items, () => undefined, new AbortController().signal);
    expect((await feed.next()).done).toBe(true);
    expect(drive.started).toEqual([]);
  });

  it('stops downloading when the reader goes away (return)', async () => {
    const { drive, feed } = run(['a', 'b', 'c', 'd', 'e'], { concurrency: 1, window: 1 });
    await flush();
    await drive.answer('a');
    await feed.return!();
    await flush();
    expect(drive.started).toEqual(['a']);
  });
});

describe('a file another device imported at the same moment (ADR 0250)', () => {
  it('ends skipped as already imported, with a link to that document, and is not counted as failed', async () => {
    // Both devices passed the up-front check (nothing imported yet), so both download it.
    const { drive, feed, items } = run(['insurance', 'payslip']);
    await flush();
    const handed: Promise<string[]> = (async () => {
      const out: string[] = [];
      for await (const file of feed) out.push(file.name);
      return out;
    })();
    await drive.answer('insurance');
    await drive.answer('payslip');
    expect(await handed).toEqual(['insurance.pdf', 'payslip.pdf']);
    // The upload stores payslip; the database refuses insurance: the other device stored it first.
    let now = items().map((it, i) => (i === 1 ? { ...it, status: 'stored' as const, existing: { id: 'doc-payslip', name: 'payslip.pdf', drive_file_id: 'payslip', drive_modified_time: null } } : it));
    now = now.map((it, i) => (i === 0 ? { ...it, ...alreadyImported(it, { id: 'doc-from-phone', name: 'insurance.pdf' }) } : it));

    expect(now[0]).toMatchObject({ status: 'duplicate', existing: { id: 'doc-from-phone', drive_file_id: 'insurance' } });
    const summary = importSummary(now);
    expect(summary.imported.map((it) => it.file.id)).toEqual(['payslip']);
    expect(summary.duplicates.map((it) => it.existing?.id)).toEqual(['doc-from-phone']);
    expect(summary.failed).toEqual([]);
  });

  it('is the same outcome as a duplicate found up front', () => {
    const file = driveFile('insurance');
    const upFront = planImport([file], [{ id: 'doc-from-phone', name: 'insurance.pdf', drive_file_id: 'insurance', drive_modified_time: file.modifiedTime }])[0];
    const raced = { ...planImport([file], [])[0], status: 'downloaded' as const, ...alreadyImported({ file, status: 'downloaded' }, { id: 'doc-from-phone', name: 'insurance.pdf' }) };
    expect(raced.status).toBe(upFront.status);
    expect(raced.existing).toEqual(upFront.existing);
  });

  it('an update another device made first ends skipped with that device\'s document, not updated and not failed (ADR 0256)', () => {
    const file = { ...driveFile('policy'), modifiedTime: '2026-11-20T00:00:00.000Z' };
    const planned = planImport([file], [{ id: 'old-doc', name: 'policy.pdf', drive_file_id: 'policy', drive_modified_time: '2026-11-01T00:00:00.000Z' }])[0];
    expect(planned.status).toBe('changed');
    // Update from Drive: downloaded, stored as a new version that replaces the old document…
    const stored: ImportItem = { ...planned, status: 'stored', replaces: 'old-doc', existing: { id: 'new-doc', name: 'policy.pdf', drive_file_id: 'policy', drive_modified_time: file.modifiedTime } };
    // …and the database answers "already replaced" by the laptop's version.
    const raced = { ...stored, ...alreadyUpdated(stored, { id: 'laptop-doc', name: 'policy.pdf' }) };
    expect(raced).toMatchObject({ status: 'duplicate', updatedElsewhere: true, replaces: undefined, existing: { id: 'laptop-doc', drive_file_id: 'policy' } });
    const summary = importSummary([raced]);
    expect(summary.updated).toEqual([]);
    expect(summary.imported).toEqual([]);
    expect(summary.failed).toEqual([]);
    expect(summary.changed).toEqual([]);
    expect(summary.duplicates.map((it) => it.existing?.id)).toEqual(['laptop-doc']);
  });
});

describe('expectedChecksums (ADR 0255)', () => {
  it('names the checksums of the files the plan will download only', () => {
    const file = (id: string, sha256Checksum?: string): DriveFile => ({ ...driveFile(id), sha256Checksum });
    const plan: ImportItem[] = [
      { file: file('new', 'sha-new'), status: 'waiting' },
      { file: file('done', 'sha-done'), status: 'duplicate' },
      { file: file('google-doc'), status: 'waiting' },
    ];
    expect(expectedChecksums(plan)).toEqual(['sha-new']);
  });
});

describe('the import summary (importReport)', () => {
  const LIMIT = 'Your Free plan holds up to 100 documents. Upgrade your plan in Settings, or delete documents and empty the trash.';
  const items = (statuses: Array<Partial<ImportItem>>): ImportItem[] => statuses.map((patch, i) => ({ file: driveFile(`f${i}`), status: 'waiting', ...patch }));

  it('a file the upload refused for the plan limit is a failure with its reason, not "Downloaded" (issue 21 §4)', () => {
    const run = items([{ status: 'duplicate' }, { status: 'downloaded' }, { status: 'stored' }]);
    // The upload refused the downloaded one: the plan was full.
    run[1] = { ...run[1], ...notStored({ status: 'failed', message: LIMIT }) };
    const report = importReport(run);
    expect(report.line).toBe(`Imported 1 · Skipped 1 already imported · Failed 1 — ${LIMIT}`);
    expect(report.progress).toBe('3 of 3 files');
  });

  it('counts what has not settled as still to go, never as done (no jump from 62 to 92 of 92)', () => {
    const report = importReport(items([{ status: 'stored' }, { status: 'downloaded' }, { status: 'downloading' }, { status: 'waiting' }]));
    expect(report).toMatchObject({ settled: 1, finished: false, progress: '1 of 4 files' });
    expect(report.line).toBe('Imported 1 · Skipped 0 already imported · Failed 0 · 3 still to go');
  });

  it('a duplicate the person skipped counts as skipped; a cancelled file as failed with why; an update as Updated', () => {
    const run = items([{ ...notStored({ status: 'skipped', message: 'Skipped: you already have this file.' }) }, { status: 'cancelled' }, { status: 'stored', replaces: 'old-doc' }]);
    expect(importReport(run).line).toBe('Imported 0 · Skipped 1 already imported · Failed 1 — Cancelled before it was imported. · Updated 1');
  });
});
