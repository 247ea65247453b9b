import { loadavg } from 'node:os';
/**
 * `npm run bench:platform`: the local stack's REST overhead, printed (never asserted).
 *
 * For each database (PGlite; PostgreSQL when reachable): an authenticated select of 50 rows under
 * RLS and an insert, driven by autocannon over loopback at 1, 10 and 50 connections for a bounded
 * time each, next to the same statement run directly on the database (same transaction setup:
 * role + claims), for the ratio of what HTTP + PostgREST emulation add.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { databasesSync, startTestStack, type TestDatabase, type TestStack } from '../test/support/test-stack.js';
import { createTestUser } from '../test/support/users.js';
import { buildApiApp } from '../src/http/api-app.js';
import { createJwtService } from '../src/http/jwt.js';
import { memoryDuringHostileUpload, selectLatencyUnderAttack } from '../test/support/hostile.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '1,10,50').split(',').map(Number);

interface Row {
  database: TestDatabase;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  appP50: number;
  directRps: number;
  directP50: number;
  directP99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Runs `op` with `concurrency` workers for `seconds`; latencies in ms. */
async function direct(op: (i: number) => Promise<unknown>, concurrency: number, seconds: number) {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now();
        await op(n++);
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function benchDatabase(database: TestDatabase): Promise<Row[]> {
  const stack: TestStack = await startTestStack({ database });
  const rows: Row[] = [];
  try {
    const user = await createTestUser(stack, 'bench');
    const other = await createTestUser(stack, 'bench-other');
    // 50 rows for the user (and 50 for someone else, so RLS has something to hide).
    for (const u of [user, other]) {
      await stack.db.admin((q) =>
        q.query(
          `insert into public.user_document_categories (user_id, name, description, sort_order)
           select $1::uuid, 'Category ' || i, 'Benchmark row ' || i, i from generate_series(1, 50) i`,
          [u.id],
        ),
      );
    }
    // Inserts go to a table without a unique key, so every request can carry the same body (which
    // lets autocannon run in its own worker thread, off the stack's event loop).
    await stack.runScript(`
      create table public.bench_notes (
        id bigint generated always as identity primary key,
        user_id uuid not null default auth.uid() references auth.users on delete cascade,
        note text not null
      );
      alter table public.bench_notes enable row level security;
      create policy "own notes in" on public.bench_notes for insert to authenticated with check (user_id = auth.uid());
      create policy "own notes out" on public.bench_notes for select to authenticated using (user_id = auth.uid());`);
    const headers = { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}` };
    const claims = JSON.parse(Buffer.from(user.accessToken.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    const auth = { role: 'authenticated' as const, claims };
    const selectUrl = `${stack.url}/rest/v1/user_document_categories?select=*`;
    const selectSql = `select coalesce(json_agg(_src), '[]')::text as body from (select t0.* from public.user_document_categories t0) _src`;

    // The same API served without sockets: what the REST layer costs, apart from loopback HTTP and
    // the load generator competing for the same CPU.
    const app = buildApiApp({ db: stack.db, jwt: createJwtService(stack.config.jwtSecret, stack.config.signingKeys), config: stack.config, log: () => undefined });
    const inProcess = async (url: string, init: RequestInit) => {
      const res = await app.fetch(new Request(url, init));
      await res.arrayBuffer();
      if (res.status >= 300) throw new Error(`in-process request failed: ${res.status}`);
    };
    const check = await fetch(selectUrl, { headers });
    const checked = (await check.json()) as unknown[];
    if (checked.length !== 50) throw new Error(`expected 50 rows under RLS, got ${checked.length}`);

    for (const connections of CONNECTIONS) {
      const select = await autocannon({ url: selectUrl, connections, duration: SECONDS, headers, workers: 1 });
      const selectDirect = await direct(() => stack.db.withRequest(auth, (q) => q.query(selectSql)), connections, SECONDS);
      const selectApp = await direct(() => inProcess(selectUrl, { headers }), connections, SECONDS);
      rows.push({
        database,
        scenario: 'select 50 rows (RLS)',
        connections,
        rps: select.requests.average,
        p50: select.latency.p50,
        p99: select.latency.p99,
        errors: select.errors + select.timeouts + select.non2xx,
        appP50: selectApp.p50,
        directRps: selectDirect.rps,
        directP50: selectDirect.p50,
        directP99: selectDirect.p99,
      });

      const insert = await autocannon({
        url: `${stack.url}/rest/v1/bench_notes`,
        connections,
        duration: SECONDS,
        workers: 1,
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
        body: JSON.stringify({ note: 'benchmark' }),
      });
      const insertDirect = await direct(
        () =>
          stack.db.withRequest(auth, (q) =>
            q.query(
              `insert into public.bench_notes as t0 (note) select note from json_populate_recordset(null::public.bench_notes, $1::json) _j`,
              [JSON.stringify([{ note: 'benchmark' }])],
            ),
          ),
        connections,
        SECONDS,
      );
      const insertApp = await direct(
        () =>
          inProcess(`${stack.url}/rest/v1/bench_notes`, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
            body: JSON.stringify({ note: 'benchmark' }),
          }),
        connections,
        SECONDS,
      );
      rows.push({
        database,
        scenario: 'insert 1 row (RLS)',
        connections,
        rps: insert.requests.average,
        p50: insert.latency.p50,
        p99: insert.latency.p99,
        errors: insert.errors + insert.timeouts + insert.non2xx,
        appP50: insertApp.p50,
        directRps: insertDirect.rps,
        directP50: insertDirect.p50,
        directP99: insertDirect.p99,
      });
    }
  } finally {
    await stack.stop();
  }
  return rows;
}

function printTable(rows: Row[]): void {
  const header = ['database', 'scenario', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'no-socket p50', 'direct req/s', 'direct p50', 'direct p99', 'p50 ratio', 'no-socket ratio'];
  const body = rows.map((r) => [
    r.database,
    r.scenario,
    String(r.connections),
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    r.appP50.toFixed(2),
    r.directRps.toFixed(0),
    r.directP50.toFixed(2),
    r.directP99.toFixed(2),
    `${(r.p50 / Math.max(r.directP50, 0.001)).toFixed(1)}x`,
    `${(r.appP50 / Math.max(r.directP50, 0.001)).toFixed(1)}x`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

/** Issue #10: a signed-in select while 5 pathological queries run, and memory during a hostile upload. */
async function benchHostile(database: TestDatabase): Promise<string[]> {
  const stack: TestStack = await startTestStack({ database });
  try {
    const user = await createTestUser(stack, 'hostile');
    const idle = await selectLatencyUnderAttack(stack, user, 0, SECONDS);
    const db = stack.db as unknown as { restarts?(): number; preempted?(): number };
    const restartsBefore = db.restarts?.() ?? 0;
    const attackLoad = loadavg()[0];
    const attacked = await selectLatencyUnderAttack(stack, user, 5, SECONDS * 2);
    const cutOffs = db.restarts ? `; worker restarts ${db.restarts() - restartsBefore}, of them ${db.preempted?.() ?? 0} anonymous statements cut short for signed-in work` : '';
    const memory = await memoryDuringHostileUpload(stack, user, 200 * 1024 * 1024);
    return [
      `${database}: signed-in select idle p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms, max ${idle.max.toFixed(0)} ms (n=${idle.n}, errors ${idle.errors})`,
      `${database}: with 5 pathological queries  p50 ${attacked.p50.toFixed(1)} ms, p99 ${attacked.p99.toFixed(1)} ms, max ${attacked.max.toFixed(0)} ms (n=${attacked.n}, errors ${attacked.errors}; load average ${attackLoad.toFixed(1)}${cutOffs})`,
      `${database}: 200 MB chunked multipart upload: answered ${memory.status} after ${memory.sentMiB.toFixed(0)} MiB sent; RSS ${memory.beforeMiB.toFixed(0)} MiB before, high-water ${memory.peakMiB.toFixed(0)} MiB`,
    ];
  } finally {
    await stack.stop();
  }
}

async function main() {
  // BENCH_DATABASES=pglite (or postgres) limits the run to one database.
  const only = process.env.BENCH_DATABASES?.split(',').filter(Boolean);
  const dbs = databasesSync().filter((d) => !only?.length || only.includes(d));
  // BENCH_ONLY=hostile runs only the issue #10 figures (the throughput table takes much longer).
  const onlyHostile = process.env.BENCH_ONLY === 'hostile';
  console.log(`platform benchmark: ${SECONDS}s per run, connections ${CONNECTIONS.join('/')}, databases ${dbs.join(', ')}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  if (!onlyHostile) {
    const rows: Row[] = [];
    for (const db of dbs) rows.push(...(await benchDatabase(db)));
    console.log('');
    printTable(rows);
    console.log('\np50 ratio = HTTP p50 / direct p50; no-socket ratio = the API answered in-process (app.fetch, no sockets,');
    console.log('no load generator) / direct. The direct run uses the same transaction, role and claims set-up.');
  }
  console.log('\nhostile load (issue #10):');
  for (const db of dbs) for (const line of await benchHostile(db)) console.log(`  ${line}`);
  console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
