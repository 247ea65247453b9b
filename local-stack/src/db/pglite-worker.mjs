// PGlite in a worker thread (see pglite.ts and docs/decisions/0055-pglite-in-a-worker-thread.md).
// Plain JavaScript so that Node loads it as is under tsx and under Jest alike. The main thread
// sends one statement at a time and serialises transactions; this file only runs them.
import { parentPort, workerData } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

const ERROR_FIELDS = ['code', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'severity'];

function serialiseError(e) {
  const out = { message: e instanceof Error ? e.message : String(e) };
  for (const k of ERROR_FIELDS) if (e && e[k] !== undefined) out[k] = e[k];
  return out;
}

const dir = workerData.dir;
if (dir) mkdirSync(dir, { recursive: true });
const extensions = { pgcrypto, uuid_ossp, pg_trgm, unaccent };
// The main thread compiles PGlite's WASM and reads its file-system bundle once and hands both to
// every worker it starts: a restart after a cut-off statement skips that part (ADR 0151).
const shared = {};
if (workerData.wasmModule) shared.pgliteWasmModule = workerData.wasmModule;
if (workerData.fsBundle) shared.fsBundle = new Blob([workerData.fsBundle]);
// A worker starts as a standby: thread up, modules loaded, nothing opened. The main thread sends
// 'open' when it makes this worker the one that owns the data directory, so two PGlite instances
// never have the same directory open (ADR 0210).
await new Promise((resolve) => parentPort.once('message', resolve));
const createStarted = performance.now();
const db = await PGlite.create(dir ? { dataDir: dir, extensions, ...shared } : { extensions, ...shared });

parentPort.on('message', async (m) => {
  try {
    if (m.type === 'query') {
      const r = await db.query(m.sql, m.params ?? undefined);
      parentPort.postMessage({ id: m.id, ok: true, result: { rows: r.rows, fields: r.fields, affectedRows: r.affectedRows ?? 0 } });
    } else if (m.type === 'begin') {
      // A transaction's opening in one message: begin, then the request's settings if any.
      await db.query('begin');
      if (m.sql) await db.query(m.sql, m.params ?? undefined);
      parentPort.postMessage({ id: m.id, ok: true });
    } else if (m.type === 'exec') {
      await db.exec(m.sql);
      parentPort.postMessage({ id: m.id, ok: true });
    } else if (m.type === 'listen') {
      await db.listen(m.channel, (payload) => parentPort.postMessage({ type: 'notify', channel: m.channel, payload }));
      parentPort.postMessage({ id: m.id, ok: true });
    } else if (m.type === 'close') {
      // PGlite flushes its data directory on close: committed work is on disk afterwards.
      await db.close();
      parentPort.postMessage({ id: m.id, ok: true });
    }
  } catch (e) {
    parentPort.postMessage({ id: m.id, ok: false, error: serialiseError(e) });
  }
});

// How long PGlite.create took in this worker: the bench reports it as the cost of a restart.
parentPort.postMessage({ type: 'ready', createMs: performance.now() - createStarted });
