/**
 * `npm run bench:drive`: importing 200 files of 1 MB from the Drive emulator, printed (never
 * asserted), beside the emulator's raw download rate for the same files in the same run.
 *
 * Faithful to life (ADR 0235): the local stack (API, Storage, database) and its Google emulator
 * run in a child process of their own (bench/drive-stack.ts); this process is the importing
 * client, as the browser is. The import is the app's own pipeline, the modules the import dialog
 * runs: downloadFeed (Drive downloads, SHA-256, at most IMPORT_WINDOW files held) feeding the
 * documents area's import pipeline (mfe-documents import-pipeline.ts: the duplicate lookup of every
 * chosen file's Drive checksum, one request per hundred, ADR 0255; content check, duplicate check
 * where the checksums did not answer, resumable Storage upload, documents row with its Drive origin).
 *
 * Two legs, each with its ceiling measured against the same servers right before its import:
 *   - localhost: the emulator serves bytes from memory on localhost (no network at all): the
 *     import/ceiling ratio is the local stack's per-file cost, not Drive's;
 *   - drive: a Drive-like line through the emulator's fault control: BENCH_DRIVE_TTFB_MS (80) to
 *     first byte and BENCH_DRIVE_MBPS (15) MB/s per stream (ADR 0235 says why).
 * Not part of the figures (browser-side work): text extraction and the PDF thumbnail (pdf.js).
 *
 * BENCH_FILES / BENCH_MB / BENCH_CONCURRENCY change the run; BENCH_LEGS=localhost,drive picks legs;
 * BENCH_DATABASE=postgres runs the stack on PostgreSQL (scripts/ensure-postgres.sh);
 * BENCH_STACK_PROF=<dir> writes a CPU profile of the stack process there (node --cpu-prof).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { makePdf } from '../local-stack/src/google/drive-content.js';
import { clientOptions } from '../local-stack/test/support/users.js';
import { findImported } from '@dossier/shared/core';
import {
  FEED_WINDOW,
  IMPORT_UPLOAD_CONCURRENCY,
  findDuplicates,
  importFiles,
  importIntake,
  importUploadManager,
  insertDocument,
  lookUpChecksums,
  uploadObject,
  whenSettled,
  type DocumentStore,
} from '../mfe-documents/src/tooling.js';
import { DriveClient, IMPORT_CONCURRENCY, IMPORT_WINDOW, downloadFeed, expectedChecksums, planImport, type ImportItem } from '../mfe-drive-import/src/tooling.js';

const FILES = Number(process.env.BENCH_FILES ?? 200);
const MB = Number(process.env.BENCH_MB ?? 1);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? IMPORT_CONCURRENCY);
const DATABASE = (process.env.BENCH_DATABASE ?? 'pglite') as 'pglite' | 'postgres';
const LEGS = (process.env.BENCH_LEGS ?? 'localhost,drive').split(',').map((l) => l.trim()) as Array<'localhost' | 'drive'>;
const TTFB_MS = Number(process.env.BENCH_DRIVE_TTFB_MS ?? 80);
const STREAM_MBPS = Number(process.env.BENCH_DRIVE_MBPS ?? 15);
const SCOPE = 'https://www.googleapis.com/auth/drive';

type Ready = { url: string; googleUrl: string; anonKey: string };
type Person = { id: string; email: string; password: string };

/** The stack in its own process, and a way to ask it things over IPC. */
async function startStackProcess(): Promise<{ ready: Ready; ask<T>(message: string, key: string): Promise<T>; stop(): Promise<void> }> {
  const execArgv = ['--import', 'tsx'];
  if (process.env.BENCH_STACK_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_STACK_PROF)}`);
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'drive-stack.ts'), [], {
    execArgv,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(import.meta.dirname, '..', 'tsconfig.base.json') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message: string | null, key: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: Record<string, unknown>) => {
        if (m.error) reject(new Error(String(m.error)));
        else if (key in m) resolve(m[key] as T);
        else return;
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      const onExit = (code: number | null) => reject(new Error(`the stack process exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
      if (message) child.send(message);
    });
  const ready = await ask<Ready>(null, 'ready');
  return {
    ready,
    ask,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

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

/** Sums the time of every call of `fn` into `totals[name]`. */
function timed<A extends unknown[], R>(totals: Record<string, number>, name: string, fn: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A) => {
    const t0 = performance.now();
    try {
      return await fn(...args);
    } finally {
      totals[name] = (totals[name] ?? 0) + performance.now() - t0;
    }
  };
}

const rss = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/** CPU time of the whole machine so far (all cores), to tell how busy it was during a leg. */
function machineCpu(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const c of cpus()) {
    const t = c.times.user + c.times.nice + c.times.sys + c.times.irq;
    busy += t;
    total += t + c.times.idle;
  }
  return { busy, total };
}

interface LegResult {
  leg: string;
  ceilingSeconds: number;
  importSeconds: number;
  stored: number;
  stages: Record<string, number>;
  clientRss: [number, number];
  stackRss: [number, number];
  load: number[];
  /** CPU milliseconds spent during the import: this client process, the stack process (all threads). */
  cpuMs: { client: number; stack: number };
  /** Share of the machine's CPU time (all cores) that was busy during the import. */
  machineBusy: number;
}

async function main() {
  const stack = await startStackProcess();
  const { url, googleUrl, anonKey } = stack.ready;
  const results: LegResult[] = [];
  try {
    const token = await driveToken(googleUrl);
    const api = `${googleUrl}/drive/v3`;
    const client = new DriveClient({ apiBaseUrl: api, getAccessToken: () => token });
    const folder = await client.createFolder(`Bench ${randomUUID().slice(0, 6)}`);
    console.log(`seeding ${FILES} PDFs of ${MB} MB into Drive folder ${folder.name} …`);
    const ids: string[] = [];
    await pool(Array.from({ length: FILES }, (_, i) => i), CONCURRENCY, async (i) => {
      const pdf = makePdf(`Bench file ${i}`, [`Line for file ${i}`], MB * 1024 * 1024);
      const up = await client.uploadMultipart({ name: `bench-${String(i).padStart(3, '0')}.pdf`, mimeType: 'application/pdf', parents: [folder.id], data: new Blob([new Uint8Array(pdf)]) });
      ids.push(up.id);
    });

    /** The Drive profile of a leg, armed for the next `count` downloads. */
    const arm = async (leg: string, count: number) => {
      await fetch(`${googleUrl}/__emulator/drive/faults`, { method: 'DELETE' });
      if (leg !== 'drive') return;
      const res = await fetch(`${googleUrl}/__emulator/drive/faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ operation: 'media', count, delayMs: TTFB_MS, bytesPerSecond: STREAM_MBPS * 1024 * 1024 }),
      });
      if (res.status !== 201) throw new Error(`arming the Drive profile: ${res.status} ${await res.text()}`);
    };

    for (const leg of LEGS) {
      // Ceiling: the emulator's own download rate for the same files, same concurrency.
      await arm(leg, FILES);
      const rawStart = performance.now();
      await pool(ids, CONCURRENCY, async (id) => {
        const res = await fetch(`${api}/files/${id}?alt=media`, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
      });
      const ceilingSeconds = (performance.now() - rawStart) / 1000;

      // Import, as a new person each leg (their library is empty, so nothing is a duplicate).
      const person = await stack.ask<Person>('user', 'user');
      const supabase: SupabaseClient = createClient(url, anonKey, clientOptions);
      const signedIn = await supabase.auth.signInWithPassword({ email: person.email, password: person.password });
      if (signedIn.error) throw signedIn.error;
      const accessToken = signedIn.data.session!.access_token;
      const stages: Record<string, number> = {};
      // What useDocumentStore gives the upload: resumable Storage upload, then the row. tus-js-client
      // reads a Buffer in Node where the browser hands it the File itself.
      const store: DocumentStore = {
        putObject: timed(stages, 'Storage upload', async (objectPath, body, options) =>
          uploadObject({ supabaseUrl: url, anonKey, accessToken: async () => accessToken }, objectPath, Buffer.from(await body.arrayBuffer()) as unknown as Blob, options),
        ),
        insertRow: timed(stages, 'documents row', (row) => insertDocument(supabase, row)),
        getRow: async () => null,
        removeObject: async () => undefined,
      };
      await arm(leg, FILES);
      const clientBefore = rss();
      const stackBefore = await stack.ask<number>('rss', 'rss');
      let clientPeak = clientBefore;
      let stackPeak = stackBefore;
      let asking = false;
      const sampler = setInterval(() => {
        clientPeak = Math.max(clientPeak, rss());
        if (asking) return; // one question at a time: a busy stack answers late
        asking = true;
        void stack.ask<number>('rss', 'rss').then((r) => {
          stackPeak = Math.max(stackPeak, r);
          asking = false;
        });
      }, 250);

      const cpuOf = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
      const clientCpuBefore = cpuOf(process.cpuUsage());
      const stackCpuBefore = cpuOf(await stack.ask<NodeJS.CpuUsage>('cpu', 'cpu'));
      const machineBefore = machineCpu();
      const importStart = performance.now();
      const tree = await client.listTree(folder.id);
      let items: ImportItem[] = planImport(tree, await findImported(supabase, tree.map((f) => f.id)));
      const startedAt = new Map<number, number>();
      const sources = new WeakMap<File, number>();
      const update = (index: number, patch: Partial<ImportItem>) => {
        if (patch.download) sources.set(patch.download, index);
        if (patch.status === 'downloading') startedAt.set(index, performance.now());
        if (patch.status === 'downloaded' || patch.status === 'failed') stages['download + SHA-256'] = (stages['download + SHA-256'] ?? 0) + performance.now() - startedAt.get(index)!;
        items = items.map((it, i) => (i === index ? { ...it, ...patch } : it));
      };
      // The documents area's import pipeline, as the dialog's upload runs it: the checksums' duplicate
      // lookup, then each file as it is downloaded. Text extraction (pdf.js) is the browser's.
      const intake = importIntake(lookUpChecksums(supabase), () => ({
        expectedChecksums: expectedChecksums(items),
        // As the dialog's origin: each row is written with the Drive file it came from.
        origin: (file) => {
          const index = sources.get(file);
          const item = index === undefined ? undefined : items[index];
          return item ? { driveFileId: item.file.id, driveModifiedTime: item.file.modifiedTime } : null;
        },
      }));
      const manager = importUploadManager(
        { userId: person.id, client: supabase, store, intake, maxBytes: 50 * 1024 * 1024 },
        { findDuplicates: timed(stages, 'duplicate check', (sha: string) => findDuplicates(supabase, sha)), extract: async () => ({ status: 'none', text: null }) },
      );
      const feed = downloadFeed(client, items, update, new AbortController().signal, { concurrency: CONCURRENCY });
      await importFiles(manager, intake, feed);
      await whenSettled(manager);
      const importSeconds = (performance.now() - importStart) / 1000;
      clearInterval(sampler);
      const machineAfter = machineCpu();
      const cpuMs = { client: cpuOf(process.cpuUsage()) - clientCpuBefore, stack: cpuOf(await stack.ask<NodeJS.CpuUsage>('cpu', 'cpu')) - stackCpuBefore };
      const machineBusy = (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total);
      const outcome = manager.getSnapshot().items;
      const stored = outcome.filter((it) => it.status === 'done').length;
      const failed = outcome.filter((it) => it.status !== 'done');
      if (failed.length > 0) console.log(`  ${leg}: ${failed.length} not stored, e.g. ${failed[0].name}: ${failed[0].status} ${failed[0].message ?? ''}`);
      results.push({ leg, ceilingSeconds, importSeconds, stored, stages, clientRss: [clientBefore, clientPeak], stackRss: [stackBefore, stackPeak], load: loadavg(), cpuMs, machineBusy });
    }
  } finally {
    await stack.stop();
  }

  const mb = FILES * MB;
  console.log('');
  console.log(`Drive import benchmark — ${FILES} files × ${MB} MB, ${DATABASE === 'pglite' ? 'PGlite' : 'PostgreSQL'} stack in its own process, Node ${process.version}`);
  console.log(`  the app's pipeline: ${CONCURRENCY} downloads at once, at most ${IMPORT_WINDOW} files held before the upload takes them, ${IMPORT_UPLOAD_CONCURRENCY} uploads at once, upload window ${FEED_WINDOW}`);
  for (const r of results) {
    const ceilingMBs = mb / r.ceilingSeconds;
    const importMBs = (r.stored * MB) / r.importSeconds;
    console.log('');
    console.log(r.leg === 'drive' ? `  leg "drive" — Drive-like line: ${TTFB_MS} ms to first byte, ${STREAM_MBPS} MB/s per stream` : '  leg "localhost" — the emulator serves from memory on localhost (measures the local stack)');
    console.log(`    emulator raw download (ceiling): ${(FILES / r.ceilingSeconds).toFixed(1)} files/s, ${ceilingMBs.toFixed(1)} MB/s (${r.ceilingSeconds.toFixed(2)} s)`);
    console.log(`    import (list + checksum lookup + download + SHA-256 + Storage + row with Drive origin): ${(r.stored / r.importSeconds).toFixed(1)} files/s, ${importMBs.toFixed(1)} MB/s (${r.importSeconds.toFixed(2)} s, ${r.stored} stored)`);
    console.log(`    import / ceiling: ${((importMBs / ceilingMBs) * 100).toFixed(0)} %`);
    console.log(`    time per file in each stage (summed over the stage's concurrent calls, / files): ${Object.entries(r.stages).map(([k, v]) => `${k} ${(v / FILES).toFixed(0)} ms`).join(', ')}`);
    console.log(`    CPU per file: client ${(r.cpuMs.client / r.stored).toFixed(0)} ms, stack process ${(r.cpuMs.stack / r.stored).toFixed(0)} ms (all its threads); the machine's ${cpus().length} cores were ${(r.machineBusy * 100).toFixed(0)} % busy during the import`);
    console.log(`    resident memory: client ${r.clientRss[0]} → peak ${r.clientRss[1]} MB; stack process ${r.stackRss[0]} → peak ${r.stackRss[1]} MB`);
    console.log(`    load average (1/5/15 min) at the end of the leg: ${r.load.map((l) => l.toFixed(2)).join(' / ')} on ${cpus().length} cores`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
