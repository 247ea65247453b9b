import { resetCircuits } from '@dossier/shared/core';
import { DRIVE_SCOPES } from '../src/google/drive-api.js';
import { withGoogleEmulator } from './support/google-emulator';
// A contract test between the app's Drive client and this emulator, so it imports both (as
// bench/drive.ts does); nothing in local-stack's own code depends on the drive area.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DriveClient } from '../../mfe-drive-import/src/drive/drive-client';

// ADR 0198: "Save to Drive" uses Drive's resumable upload. The app's own DriveClient against the
// emulator over real HTTP: a connection cut in the middle of a chunk (the emulator keeps the bytes
// that arrived, as Google does) is resumed from the last byte Drive confirmed, never restarted.

const google = withGoogleEmulator(resetCircuits);

const KIB = 1024;
const CHUNK = 256 * KIB;

function content(size: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  return bytes;
}

/** The app's client with a fetch that records every PUT's Content-Range and body size, and can act before one is sent. */
function clientWith(before?: (range: string) => Promise<void>) {
  const account = google().emulator.state.accounts.get('ada@example.com')!;
  const token = google().emulator.state.issueAccessToken(account, 'resumable-test', `${DRIVE_SCOPES.readonly} ${DRIVE_SCOPES.file}`);
  const puts: Array<{ range: string; bytes: number }> = [];
  const fetchImpl: typeof fetch = async (url, init) => {
    if (init?.method === 'PUT') {
      const range = (init.headers as Record<string, string>)['content-range'];
      await before?.(range);
      puts.push({ range, bytes: init.body instanceof Blob ? init.body.size : 0 });
    }
    return fetch(url, init);
  };
  // random 0: the SPEC §9 upload retry waits its minimum (2 s) before going on.
  const client = new DriveClient({ apiBaseUrl: `${google().base}/drive/v3`, getAccessToken: () => token, fetch: fetchImpl, random: () => 0 });
  return { client, puts, token };
}

/** A hook for clientWith that acts once, just before the chunk starting at `offset` is sent. */
function onceAt(offset: number, action: () => Promise<void> | void) {
  let done = false;
  return async (range: string) => {
    if (done || !range.startsWith(`bytes ${offset}-`)) return;
    done = true;
    await action();
  };
}

async function armFault(fault: Record<string, unknown>) {
  const res = await fetch(`${google().base}/__emulator/drive/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fault) });
  expect(res.status).toBe(201);
}

async function driveContent(token: string, id: string): Promise<Uint8Array> {
  const res = await fetch(`${google().base}/drive/v3/files/${id}?alt=media`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('resumable Save to Drive against the Drive emulator (ADR 0198)', () => {
  it('uploads in 256 KiB chunks, each acknowledged with 308 and its Range', async () => {
    const data = content(600 * KIB);
    const { client, puts, token } = clientWith();
    const progress: number[] = [];
    const up = await client.uploadResumable({ name: 'deed.pdf', mimeType: 'application/pdf', parents: ['root'], data: new Blob([data]) }, { chunkSize: CHUNK, onProgress: (n) => progress.push(n) });
    expect(up).toMatchObject({ name: 'deed.pdf', size: String(data.length) });
    expect(puts.map((p) => p.range)).toEqual([`bytes 0-${CHUNK - 1}/${data.length}`, `bytes ${CHUNK}-${2 * CHUNK - 1}/${data.length}`, `bytes ${2 * CHUNK}-${data.length - 1}/${data.length}`]);
    expect(progress).toEqual([CHUNK, 2 * CHUNK, data.length]);
    expect(Buffer.from(await driveContent(token, up.id)).equals(Buffer.from(data))).toBe(true);
  });

  it('a connection cut in the middle of the second chunk resumes from the last confirmed byte', async () => {
    const data = content(900 * KIB);
    const cutAt = CHUNK + 100_000; // 100 000 bytes of the second chunk arrive, then the line drops
    const { client, puts, token } = clientWith(onceAt(CHUNK, () => armFault({ operation: 'upload', drop: true, keepBytes: 100_000 })));
    const up = await client.uploadResumable({ name: 'scan.pdf', mimeType: 'application/pdf', parents: ['root'], data: new Blob([data]) }, { chunkSize: CHUNK });
    const ranges = puts.map((p) => p.range);
    // After the cut: a status query, then the upload goes on at the byte Drive confirmed.
    const cut = ranges.indexOf(`bytes ${CHUNK}-${2 * CHUNK - 1}/${data.length}`);
    expect(ranges[cut + 1]).toBe(`bytes */${data.length}`);
    expect(ranges[cut + 2]).toBe(`bytes ${cutAt}-${cutAt + CHUNK - 1}/${data.length}`);
    // Nothing before the cut is sent twice; the first chunk only once.
    expect(ranges.filter((r) => r.startsWith('bytes 0-'))).toHaveLength(1);
    const sent = puts.reduce((sum, p) => sum + p.bytes, 0);
    expect(sent).toBe(data.length + (CHUNK - 100_000));
    expect(up.size).toBe(String(data.length));
    expect(Buffer.from(await driveContent(token, up.id)).equals(Buffer.from(data))).toBe(true);
  }, 60_000);

  it('a cut on the last chunk, after all of it arrived, finds the file done instead of sending it again', async () => {
    const data = content(300 * KIB);
    const { client, puts, token } = clientWith(onceAt(CHUNK, () => armFault({ operation: 'upload', drop: true, keepBytes: data.length - CHUNK })));
    const up = await client.uploadResumable({ name: 'last.pdf', mimeType: 'application/pdf', parents: ['root'], data: new Blob([data]) }, { chunkSize: CHUNK });
    expect(puts.map((p) => p.range).slice(-1)).toEqual([`bytes */${data.length}`]);
    expect(Buffer.from(await driveContent(token, up.id)).equals(Buffer.from(data))).toBe(true);
    // One file, not two.
    const list = await fetch(`${google().base}/drive/v3/files?q=${encodeURIComponent("name = 'last.pdf'")}&fields=files(id)`, { headers: { authorization: `Bearer ${token}` } });
    expect((await list.json()).files).toHaveLength(1);
  }, 60_000);

  it('a session Drive no longer knows starts a new one', async () => {
    const data = content(600 * KIB);
    const { client, puts, token } = clientWith(onceAt(CHUNK, () => google().emulator.drive.uploads.clear()));
    const up = await client.uploadResumable({ name: 'again.pdf', mimeType: 'application/pdf', parents: ['root'], data: new Blob([data]) }, { chunkSize: CHUNK });
    expect(puts.filter((p) => p.range.startsWith('bytes 0-'))).toHaveLength(2);
    expect(Buffer.from(await driveContent(token, up.id)).equals(Buffer.from(data))).toBe(true);
  }, 60_000);
});
