import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { findRepoRoot } from '../config.js';
import type { DbRole, Queryable, QueryResult, RequestAuth } from './types.js';
import { DEFAULT_ANON_YIELD_MS, InFlight, type ManagedDatabase, REQUEST_SETTINGS_SQL, requestSettingsParams, statementTimeoutOf, type StatementTimeouts } from './request-settings.js';

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A PostgreSQL-shaped error (code, detail, hint …) rebuilt from what the worker sent. */
function pgError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message ?? 'unknown error')), fields);
}

/**
 * After an anonymous statement was cut off, anonymous requests are refused for a while: 10 s after
 * the first, doubling with each further cut-off (a stream of hostile queries buys ever longer
 * pauses, up to 5 minutes); after 5 quiet minutes it starts again at 10 s (ADR 0151).
 */
export class AnonPause {
  private until = 0;
  private strikes = 0;
  private lastStrike = 0;
  constructor(
    private readonly firstMs = 10_000,
    private readonly maxMs = 300_000,
    private readonly forgetAfterMs = 300_000,
  ) {}

  paused(now = Date.now()): boolean {
    return now < this.until;
  }

  /** Whole seconds until the pause ends (for Retry-After). */
  retryAfterSeconds(now = Date.now()): number {
    return Math.max(1, Math.ceil((this.until - now) / 1000));
  }

  strike(now = Date.now()): number {
    if (now - this.lastStrike > this.forgetAfterMs) this.strikes = 0;
    this.lastStrike = now;
    const ms = Math.min(this.maxMs, this.firstMs * 2 ** this.strikes);
    this.strikes++;
    this.until = now + ms;
    return ms;
  }
}

/** PGlite's compiled WASM and file-system bundle, loaded once per process and shared by every worker. */
let sharedAssets: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array } | null> | undefined;
function pgliteAssets() {
  sharedAssets ??= (async () => {
    try {
      const dist = path.join(findRepoRoot(), 'node_modules', '@electric-sql', 'pglite', 'dist');
      const [wasm, data] = await Promise.all([readFile(path.join(dist, 'pglite.wasm')), readFile(path.join(dist, 'pglite.data'))]);
      return { wasmModule: await WebAssembly.compile(wasm), fsBundle: new Uint8Array(data) };
    } catch {
      return null; // PGlite finds its own files (a different layout): each worker loads them itself.
    }
  })();
  return sharedAssets;
}

/** How long an anonymous request refused during the pause waits before its answer (ADR 0210). */
const PAUSED_REFUSAL_HOLD_MS = 1000;

/** How long a statement whose client went away may still run before the worker is restarted. */
const ABORT_GRACE_MS = 1000;

const cancelled = (why: 'timeout' | 'client') =>
  pgError({ code: '57014', message: why === 'timeout' ? 'canceling statement due to statement timeout' : 'canceling statement due to user request' });

/**
 * The worker thread that owns PGlite. A statement that runs past its time limit (or whose client
 * went away) cannot be interrupted inside WASM, so the worker is terminated and started again on
 * the same data directory: only that transaction is lost (it never committed), and the HTTP loop
 * never waited on it — it runs on the main thread.
 */
class PgliteWorker {
  private worker!: Worker;
  private ready!: Promise<void>;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private channels = new Map<string, Array<(payload: string) => void>>();
  restarts = 0;
  /** Milliseconds from terminating a worker to its successor being ready, and PGlite.create's share. */
  readonly restartTimes: Array<{ totalMs: number; createMs: number }> = [];
  private lastCreateMs = 0;

  constructor(
    private readonly dir: string | undefined,
    private readonly assets: { wasmModule: WebAssembly.Module; fsBundle: Uint8Array } | null,
  ) {
    this.spawn();
  }

  /** A thread with PGlite's modules loaded that has not opened anything yet (ADR 0210). */
  private standby: Worker | undefined;
  private closed = false;

  private newWorker(): Worker {
    const file = path.join(findRepoRoot(), 'local-stack', 'src', 'db', 'pglite-worker.mjs');
    return new Worker(file, { workerData: { dir: this.dir, ...(this.assets ?? {}) } });
  }

  /**
   * Starts the next worker ahead of time, so a restart skips starting a thread and loading
   * PGlite's modules. It opens the data directory only when it takes over.
   */
  private prepareStandby(): void {
    if (this.standby || this.closed) return;
    const standby = this.newWorker();
    const drop = () => {
      if (this.standby === standby) this.standby = undefined;
    };
    standby.on('error', drop);
    standby.on('exit', drop);
    standby.unref();
    this.standby = standby;
  }

  private spawn(): void {
    const worker = this.standby ?? this.newWorker();
    this.standby = undefined;
    worker.ref();
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (m: { type?: string; createMs?: number; id?: number; ok?: boolean; result?: unknown; error?: Record<string, unknown>; channel?: string; payload?: string }) => {
        if (m.type === 'ready') {
          this.lastCreateMs = m.createMs ?? 0;
          worker.off('error', reject);
          resolve();
          return;
        }
        if (m.type === 'notify') {
          for (const fn of this.channels.get(m.channel!) ?? []) fn(m.payload ?? '');
          return;
        }
        const p = this.pending.get(m.id!);
        if (!p) return;
        this.pending.delete(m.id!);
        if (m.ok) p.resolve(m.result);
        else p.reject(pgError(m.error ?? {}));
      });
    });
    worker.on('error', (e) => this.failAll(e));
    worker.on('exit', () => {
      if (this.worker === worker) this.failAll(new Error('the PGlite worker stopped'));
    });
    // A failed start is reported by the first call; never an unhandled rejection.
    this.ready.catch(() => undefined);
    worker.postMessage({ type: 'open' });
  }

  private failAll(e: unknown): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async start(): Promise<void> {
    await this.ready;
    this.prepareStandby();
  }

  /** Terminates the worker (the statement in it dies) and starts a fresh one on the same data. */
  private async restart(error: Error): Promise<void> {
    const old = this.worker;
    const started = performance.now();
    this.failAll(error);
    this.restarts++;
    this.spawn();
    await old.terminate().catch(() => undefined);
    await this.ready;
    this.restartTimes.push({ totalMs: performance.now() - started, createMs: this.lastCreateMs });
    this.prepareStandby();
    for (const channel of this.channels.keys()) await this.call({ type: 'listen', channel });
  }

  /**
   * Cuts off whatever statement is in flight (its caller gets `error`) by restarting the worker;
   * false when nothing is in flight.
   */
  cutOff(error: Error): boolean {
    if (this.pending.size === 0) return false;
    void this.restart(error).catch(() => undefined);
    return true;
  }

  /** Sends one message; `limitMs` > 0 and `signal` end it by restarting the worker. */
  async call<T>(message: Record<string, unknown>, limitMs = 0, signal?: AbortSignal): Promise<T> {
    await this.ready;
    if (signal?.aborted) throw cancelled('client');
    const id = this.nextId++;
    const answer = new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
    });
    this.worker.postMessage({ ...message, id });
    if (!limitMs && !signal) return answer;
    let timer: NodeJS.Timeout | undefined;
    let graceTimer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stop = new Promise<never>((_, reject) => {
      const kill = (why: 'timeout' | 'client') => {
        if (!this.pending.has(id)) return;
        const error = cancelled(why);
        void this.restart(error).catch(() => undefined);
        reject(error);
      };
      if (limitMs) timer = setTimeout(() => kill('timeout'), limitMs);
      if (signal) {
        // Browsers abort requests all the time (navigation, unmounts): a statement that finishes
        // soon anyway is left to finish; only one still running after the grace period is ended.
        onAbort = () => {
          graceTimer = setTimeout(() => kill('client'), ABORT_GRACE_MS);
        };
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
    try {
      return await Promise.race([answer, stop]);
    } finally {
      if (timer) clearTimeout(timer);
      if (graceTimer) clearTimeout(graceTimer);
      if (onAbort) signal!.removeEventListener('abort', onAbort);
    }
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<void> {
    const known = this.channels.get(channel);
    if (known) {
      known.push(fn);
      return;
    }
    this.channels.set(channel, [fn]);
    await this.call({ type: 'listen', channel });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.standby?.terminate();
    this.standby = undefined;
    await this.call({ type: 'close' });
    await this.worker.terminate();
  }
}

/**
 * Anonymous statements give way to signed-in work (ADR 0210). PGlite runs one statement at a time
 * and cannot interrupt one, so a pathological anonymous statement would hold every signed-in
 * request for the whole anonymous time limit (3 s) before the cut-off restart. Instead: while a
 * signed-in (or service) transaction waits, an anonymous statement that has run `yieldMs` is cut
 * off at once. When nobody waits, the anonymous limit is unchanged. The cut-off counts as a
 * time-out (57014), so it starts the anonymous pause like any other.
 */
export class AnonYield {
  private running: { startedAt: number; cut: () => void } | undefined;
  private waiting = 0;
  private timer: NodeJS.Timeout | undefined;
  preempted = 0;
  constructor(
    private readonly yieldMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** An anonymous statement starts; `cut` ends it. Returns the function to call when it is over. */
  statement(cut: () => void): () => void {
    const mine = { startedAt: this.now(), cut };
    this.running = mine;
    this.schedule();
    return () => {
      if (this.running === mine) this.running = undefined;
      this.clear();
    };
  }

  /** Signed-in work joined the queue; returns the function to call when it reaches the head. */
  waiter(): () => void {
    this.waiting++;
    this.schedule();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.waiting--;
      if (this.waiting === 0) this.clear();
    };
  }

  private clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (!this.running || this.waiting === 0 || this.timer || this.yieldMs <= 0) return;
    const running = this.running;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running !== running || this.waiting === 0) return;
      this.running = undefined;
      this.preempted++;
      running.cut();
    }, Math.max(0, running.startedAt + this.yieldMs - this.now()));
  }
}

/**
 * First come, first served: one transaction at a time (PGlite has a single connection), in the
 * order requests asked. Waiting happens here, on promises, never by blocking the event loop.
 */
class FairQueue {
  private tail: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn, fn);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/**
 * Embedded PostgreSQL (WASM) in a worker thread. It has a single connection, so transactions are
 * serialised (FairQueue); each statement of a request is bounded by its role's statement timeout
 * and by the client staying connected. Roles and RLS work as on a server for non-superuser roles.
 */
export async function openPglite(
  dir: string | undefined,
  options: { statementTimeoutMs?: StatementTimeouts; anonYieldMs?: number } = {},
): Promise<ManagedDatabase & { restarts(): number; preempted(): number; restartTimes(): Array<{ totalMs: number; createMs: number }> }> {
  const worker = new PgliteWorker(dir, await pgliteAssets());
  await worker.start();
  const inFlight = new InFlight();
  const queue = new FairQueue();
  const anonPause = new AnonPause();
  const anonYield = new AnonYield(options.anonYieldMs ?? DEFAULT_ANON_YIELD_MS);
  const yielded = () =>
    pgError({
      code: '57014',
      message: 'canceling statement due to statement timeout',
      hint: 'The embedded database runs one statement at a time: a long anonymous statement gives way to signed-in requests',
    });

  function queryable(limitMs: number, signal?: AbortSignal, anon = false): Queryable {
    return {
      async query<R>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
        if (!anon) return worker.call<QueryResult<R>>({ type: 'query', sql, params }, limitMs, signal);
        const over = anonYield.statement(() => worker.cutOff(yielded()));
        try {
          return await worker.call<QueryResult<R>>({ type: 'query', sql, params }, limitMs, signal);
        } finally {
          over();
        }
      },
    };
  }

  /**
   * `admit` runs at the head of the queue (it may refuse); `onError` runs before the queue moves on,
   * so what it decides (a pause) already applies to the next transaction.
   */
  function transaction<T>(
    limitMs: number,
    signal: AbortSignal | undefined,
    fn: (q: Queryable) => Promise<T>,
    anon = false,
    admit?: () => void,
    onError?: (e: unknown) => void,
    opening?: { sql: string; params: unknown[] },
  ): Promise<T> {
    return inFlight.run(() => {
      // Signed-in and internal work waiting here makes a long anonymous statement give way.
      const reachedHead = anon ? undefined : anonYield.waiter();
      return queue.run(async () => {
        reachedHead?.();
        // Checked again at the head of the queue: requests queued behind a cut-off statement must
        // not each run (and each cost a restart) once the pause has begun.
        admit?.();
        try {
          // `begin` and the request's settings travel as one message: each message is a round trip
          // through this (busy) event loop while the single connection waits (ADR 0255).
          await worker.call({ type: 'begin', sql: opening?.sql, params: opening?.params });
          const result = await fn(queryable(limitMs, signal, anon));
          await worker.call({ type: 'query', sql: 'commit' });
          return result;
        } catch (e) {
          onError?.(e);
          // After a cancellation the worker is new and has no transaction: rollback is a no-op.
          await worker.call({ type: 'query', sql: 'rollback' }).catch(() => undefined);
          throw e;
        }
      });
    });
  }

  return {
    kind: 'pglite',
    restarts: () => worker.restarts,
    preempted: () => anonYield.preempted,
    restartTimes: () => worker.restartTimes,
    async withRequest<T>(auth: RequestAuth, fn: (q: Queryable) => Promise<T>): Promise<T> {
      const limit = statementTimeoutOf(options.statementTimeoutMs, auth.role as DbRole);
      // Every anonymous statement cut off costs everyone a worker restart: after one, anonymous
      // requests are refused for a while, so a stream of them cannot keep the stack restarting.
      const admit =
        auth.role === 'anon'
          ? () => {
              if (anonPause.paused()) {
                // Refused at once, before the queue: 503 with Retry-After (rest/index.ts), like a pool
                // that has no connection to give; the body keeps PostgreSQL's 57014.
                throw pgError({
                  code: '57014',
                  message: 'canceling statement due to statement timeout',
                  hint: 'Anonymous queries are paused for a while after one ran past its time limit',
                  paused: true,
                  retryAfterSeconds: anonPause.retryAfterSeconds(),
                });
              }
            }
          : undefined;
      // A refused request is held a moment before its 503: a client that retries at once (a hostile
      // loop) then sends about one request a second instead of flooding the event loop that
      // signed-in requests share. Holding costs a timer; the queue is never held.
      if (admit && anonPause.paused()) await new Promise((r) => setTimeout(r, PAUSED_REFUSAL_HOLD_MS));
      admit?.();
      return transaction(
        limit,
        auth.signal,
        fn,
        auth.role === 'anon',
        admit,
        (e) => {
          const err = e as { code?: string; paused?: boolean };
          if (auth.role === 'anon' && err.code === '57014' && !err.paused) anonPause.strike();
        },
        { sql: REQUEST_SETTINGS_SQL, params: requestSettingsParams(auth, limit) },
      );
    },
    admin<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
      return transaction(0, undefined, fn);
    },
    runScript(sql, after) {
      return transaction(0, undefined, async (q) => {
        await worker.call({ type: 'exec', sql });
        if (after) await after(q);
      });
    },
    async listen(channel, onMessage) {
      await worker.listen(channel, onMessage);
    },
    async close() {
      await inFlight.drain();
      await worker.close();
    },
  };
}
