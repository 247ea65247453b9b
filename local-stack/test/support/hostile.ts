import { performance } from 'node:perf_hooks';
import type { StartedStack } from '../../src/start.js';
import type { TestUser } from './users.js';

/** The filter that froze PGlite for 31 s (catastrophic backtracking in a regular expression). */
export const PATHOLOGICAL = `description=match.${encodeURIComponent('^(.*)(.*)(.*)(.*)(.*)\\5\\4\\3\\2\\1$')}`;

/** Resolves to 'late' if `p` has not settled within `ms`: a hang detector, not a timing assert. */
export function within<T>(p: Promise<T>, ms: number): Promise<T | 'late'> {
  return Promise.race([p, new Promise<'late'>((r) => setTimeout(() => r('late'), ms).unref())]);
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One anonymous pathological request (its answer: 57014 after the anon statement timeout). */
export async function pathological(stack: StartedStack): Promise<number> {
  const res = await fetch(`${stack.url}/rest/v1/default_document_categories?select=name&${PATHOLOGICAL}`, { headers: { apikey: stack.anonKey } });
  await res.arrayBuffer();
  return res.status;
}

/**
 * A function an anonymous caller may run that holds its connection without using the CPU: the
 * tests of how connections are shared out use it, so that they measure the pool and not how a
 * two-core machine schedules 15 backends burning CPU on a regular expression (which made them fail
 * on a slow CI machine while the pool did its job). pg_sleep ends at the statement limit (57014).
 */
export const HOLD_CONNECTION_SQL = `create function public.hold_connection(seconds int) returns void language sql volatile set search_path = ''
  as $$ select pg_sleep(seconds) $$;
  grant execute on function public.hold_connection(int) to anon;`;

/** An anonymous request that holds a connection for up to `seconds` (run HOLD_CONNECTION_SQL first). */
export async function holdConnection(stack: StartedStack, seconds = 60): Promise<{ status: number; code: string }> {
  const res = await fetch(`${stack.url}/rest/v1/rpc/hold_connection`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  return { status: res.status, code: await errorCode(res) };
}

/**
 * Resolves once `n` connections of the stack's PostgreSQL database are running hold_connection
 * (every anonymous connection busy: the pool keeps the rest for signed-in people). Polls every
 * 100 ms and gives up after two minutes, saying how many ever were.
 */
export async function waitForBusyConnections(stack: StartedStack, n: number): Promise<void> {
  let busy = 0;
  for (let polls = 0; busy < n; polls++) {
    if (polls > 1200) throw new Error(`only ${busy} of ${n} anonymous connections ever became busy`);
    await new Promise((r) => setTimeout(r, 100));
    const r = await stack.db.admin((q) =>
      q.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database() and state = 'active' and query like '%hold\\_connection%' and pid <> pg_backend_pid()`,
      ),
    );
    busy = r.rows[0].n;
  }
}

/** PostgREST's `code` of an answer's JSON body ('' when it has none), for failure messages. */
async function errorCode(res: Response): Promise<string> {
  const text = await res.text();
  try {
    return String((JSON.parse(text) as { code?: unknown } | null)?.code ?? '');
  } catch {
    return 'not JSON';
  }
}

/**
 * p50/p99 of a signed-in select while `attackers` loops send pathological queries, for `seconds`.
 * Latencies in ms; statuses other than 200 are counted as errors.
 */
export async function selectLatencyUnderAttack(stack: StartedStack, user: TestUser, attackers: number, seconds: number) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  const headers = { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}` };
  const attack = Array.from({ length: attackers }, async () => {
    while (performance.now() < until) await pathological(stack).catch(() => 0);
  });
  const reader = (async () => {
    while (performance.now() < until) {
      const t = performance.now();
      const res = await fetch(`${stack.url}/rest/v1/user_document_categories?select=id,name&limit=50`, { headers });
      await res.arrayBuffer();
      latencies.push(performance.now() - t);
      if (res.status !== 200) errors++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await Promise.all([...attack, reader]);
  latencies.sort((a, b) => a - b);
  return { n: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? NaN, errors };
}

/** Memory high-water mark (RSS, this process: the stack runs in it) during a chunked upload of `bytes`. */
export async function memoryDuringHostileUpload(stack: StartedStack, user: TestUser, bytes: number) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const n = Math.min(1024 * 1024, bytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n));
    },
  });
  let status = 0;
  try {
    const res = await fetch(`${stack.url}/storage/v1/object/documents/${user.id}/hostile/big.bin`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'content-type': 'multipart/form-data; boundary=x' },
      body,
      duplex: 'half',
    } as RequestInit);
    status = res.status;
    await res.arrayBuffer().catch(() => undefined);
  } catch {
    status = -1; // the server closed the connection after answering
  } finally {
    clearInterval(timer);
  }
  return { status, sentMiB: sent / 1024 / 1024, beforeMiB: before / 1024 / 1024, peakMiB: peak / 1024 / 1024 };
}
