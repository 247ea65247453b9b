/**
 * `npm run bench:drive`: importing 200 files of 1 MB from the Drive emulator, printed (never
 * asserted), beside the emulator's raw download rate for the same files in the same run.
 *
 * One local stack (PGlite) with its Google emulator. A Drive token comes through the emulator's
 * consent endpoints (as a browser would get it); the 200 PDFs are uploaded into one Drive folder.
 *   - ceiling: GET files/{id}?alt=media for every file, same concurrency, bytes read and dropped;
 *   - import: the app's DriveClient lists the folder tree, downloads each file (SPEC §9 retries,
 *     breaker), hashes it (SHA-256), stores the object in Storage and inserts the documents row with
 *     its Drive origin through supabase-js as the signed-in person (RLS applies).
 * Text extraction (pdf.js in the browser) is not part of this figure. BENCH_FILES / BENCH_MB /
 * BENCH_CONCURRENCY change the run; BENCH_DATABASE=postgres runs the stack on PostgreSQL
 * (scripts/ensure-postgres.sh) instead of PGlite's one connection.
 */
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { makePdf } from '../local-stack/src/google/drive-content.js';
import { startTestStack } from '../local-stack/test/support/test-stack.js';
import { createTestUser } from '../local-stack/test/support/users.js';
import { DriveClient } from '../mfe-drive-import/src/drive/drive-client.js';
import { downloadAll, planImport, type ImportItem } from '../mfe-drive-import/src/features/import/drive-import.js';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const MB = Number(process.env.BENCH_MB ?? 1);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const DATABASE = (process.env.BENCH_DATABASE ?? 'pglite') as 'pglite' | 'postgres';
const SCOPE = 'https://www.googleapis.com/auth/drive';

async function driveToken(googleUrl: string): Promise<string> {
  const auth = new URL(`${googleUrl}/o/oauth2/v2/auth`);
  auth.search = new URLSearchParams({ client_id: 'bench', redirect_uri: 'http://127.0.0.1:9/oauth-callback', response_type: 'token', scope: SCOPE, state: 'google_drive_auth' }).toString();
  const html = await (await fetch(auth)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1];
  const res = await fetch(`${googleUrl}/o/oauth2/v2/auth/decision`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, account: 'alan@example.com', decision: 'allow' }),
  });
  return new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1)).get('access_token')!;
}

async function pool<T>(items: readonly T[], n: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await work(items[next++]);
  }));
}

const rss = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

async function main() {
  const stack = await startTestStack({ database: DATABASE });
  try {
    const token = await driveToken(stack.googleUrl);
    const api = `${stack.googleUrl}/drive/v3`;
    const client = new DriveClient({ apiBaseUrl: api, getAccessToken: () => token });
    const folder = await client.createFolder(`Bench ${randomUUID().slice(0, 6)}`);
    console.log(`seeding ${FILES} PDFs of ${MB} MB into Drive folder ${folder.name} …`);
    const ids: string[] = [];
    await pool(Array.from({ length: FILES }, (_, i) => i), CONCURRENCY, async (i) => {
      const pdf = makePdf(`Bench file ${i}`, [`Line for file ${i}`], MB * 1024 * 1024);
      const up = await client.uploadMultipart({ name: `bench-${String(i).padStart(3, '0')}.pdf`, mimeType: 'application/pdf', parents: [folder.id], data: new Blob([new Uint8Array(pdf)]) });
      ids.push(up.id);
    });
    const totalBytes = FILES * MB * 1024 * 1024;

    // Ceiling: the emulator's own download rate for the same files.
    const rawStart = performance.now();
    let rawBytes = 0;
    await pool(ids, CONCURRENCY, async (id) => {
      const res = await fetch(`${api}/files/${id}?alt=media`, { headers: { authorization: `Bearer ${token}` } });
      const read = (await res.arrayBuffer()).byteLength;
      rawBytes += read;
    });
    const rawSeconds = (performance.now() - rawStart) / 1000;

    // Import: list the tree, download, hash, store object + row, record the Drive origin.
    const user = await createTestUser(stack, 'bench-drive');
    // 200 documents are beyond the Free plan's 100: the person importing them is on Plus.
    await stack.db.admin((q) =>
      q.query(`insert into public.subscriptions (user_id, plan_id, stripe_subscription_id, stripe_customer_id, status) values ($1, 'plus', $2, $3, 'active')`, [user.id, `sub_bench_${user.id.slice(0, 8)}`, `cus_bench_${user.id.slice(0, 8)}`]),
    );
    const rssBefore = rss();
    let rssPeak = rssBefore;
    const importStart = performance.now();
    const tree = await client.listTree(folder.id);
    const items: ImportItem[] = planImport(tree, []);
    let stored = 0;
    let downloadMs = 0;
    let storageMs = 0;
    let rowMs = 0;
    // Download and store in one pipeline so at most CONCURRENCY files are held at once.
    await pool(items.map((_, i) => i), CONCURRENCY, async (index) => {
      const one = [items[index]];
      const t0 = performance.now();
      await downloadAll(client, one, (_, patch) => Object.assign(one[0], patch), new AbortController().signal, 1);
      const item = one[0];
      if (item.status !== 'downloaded' || !item.download) throw new Error(`download failed: ${item.reason}`);
      const t1 = performance.now();
      downloadMs += t1 - t0;
      const id = randomUUID();
      const path = `${user.id}/${id}/${item.download.name}`;
      const up = await user.client.storage.from('documents').upload(path, item.download, { contentType: 'application/pdf' });
      if (up.error) throw up.error;
      const t2 = performance.now();
      storageMs += t2 - t1;
      const row = await user.client.from('documents').insert({
        id, user_id: user.id, name: item.download.name, storage_path: path, mime_type: 'application/pdf', size: item.download.size,
        sha256: item.sha256, source: 'drive', drive_file_id: item.file.id, drive_modified_time: item.file.modifiedTime,
      });
      if (row.error) throw row.error;
      rowMs += performance.now() - t2;
      item.download = undefined;
      stored++;
      rssPeak = Math.max(rssPeak, rss());
    });
    const importSeconds = (performance.now() - importStart) / 1000;

    const rawMBs = rawBytes / 1024 / 1024 / rawSeconds;
    const importMBs = totalBytes / 1024 / 1024 / importSeconds;
    console.log('');
    console.log(`Drive import benchmark — ${FILES} files × ${MB} MB, concurrency ${CONCURRENCY}, ${DATABASE === 'pglite' ? 'PGlite' : 'PostgreSQL'} stack, Node ${process.version}`);
    console.log(`  emulator raw download (ceiling): ${(FILES / rawSeconds).toFixed(1)} files/s, ${rawMBs.toFixed(1)} MB/s (${rawSeconds.toFixed(2)} s)`);
    console.log(`  import (list + download + SHA-256 + Storage + row): ${(stored / importSeconds).toFixed(1)} files/s, ${importMBs.toFixed(1)} MB/s (${importSeconds.toFixed(2)} s)`);
    console.log(`  time per file inside the import (each of ${CONCURRENCY} workers): download + SHA-256 ${(downloadMs / stored).toFixed(0)} ms, Storage upload ${(storageMs / stored).toFixed(0)} ms, documents row ${(rowMs / stored).toFixed(0)} ms`);
    console.log(`  import / ceiling: ${((importMBs / rawMBs) * 100).toFixed(0)} %`);
    console.log(`  load average (1/5/15 min) at the end: ${loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${cpus().length} cores`);
    console.log(`  resident memory: ${rssBefore} MB before, ${rssPeak} MB peak during the import`);
  } finally {
    await stack.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
