import type { StackContext } from '../context.js';
import { JOBS, type JobDefinition } from './jobs.js';

export interface JobStatus {
  name: string;
  everyMs: number;
  nextAt: string;
  lastRunAt: string | null;
  lastResult: Record<string, unknown> | null;
  lastError: string | null;
  running: boolean;
}

export interface Scheduler {
  /** The scheduler's clock: real time plus the offset tests moved it by. */
  now(): Date;
  /** Moves the clock forward (tests only; the HTTP control needs schedulerTestControls). */
  advance(ms: number): void;
  /** Runs a job at once (waits for a run already under way first) and returns what it did. */
  runNow(name: string): Promise<Record<string, unknown>>;
  /** Runs every job once, in order: what "time passes" means for a test. */
  runAll(): Promise<Record<string, Record<string, unknown>>>;
  status(): JobStatus[];
  stop(): Promise<void>;
}

export class UnknownJobError extends Error {}

interface JobState {
  def: JobDefinition;
  nextAt: number;
  lastRunAt: number | null;
  lastResult: Record<string, unknown> | null;
  lastError: string | null;
  current: Promise<Record<string, unknown>> | null;
}

/**
 * The local stack's job scheduler: runs each job on its own period against the stack's database
 * (the same SQL pg_cron runs on hosted Supabase). One run of a job at a time per stack; the SQL
 * takes advisory locks, so two stacks on one database never overlap either. `tickMs` 0 disables
 * the timer (jobs then run only when asked).
 */
export function createScheduler(ctx: StackContext, options: { tickMs?: number; jobs?: JobDefinition[] } = {}): Scheduler {
  let offsetMs = 0;
  let stopped = false;
  const now = () => new Date(Date.now() + offsetMs);
  const states = new Map<string, JobState>(
    (options.jobs ?? JOBS).map((def) => [def.name, { def, nextAt: now().getTime() + def.everyMs, lastRunAt: null, lastResult: null, lastError: null, current: null }]),
  );

  const run = (state: JobState): Promise<Record<string, unknown>> => {
    const at = now();
    const p = (async () => {
      try {
        const result = await state.def.run(ctx, at);
        state.lastResult = result;
        state.lastError = null;
        return result;
      } catch (e) {
        state.lastError = (e as Error).message;
        ctx.log(`scheduler: ${state.def.name} failed: ${(e as Error).message}`);
        throw e;
      } finally {
        state.lastRunAt = at.getTime();
        state.nextAt = at.getTime() + state.def.everyMs;
        state.current = null;
      }
    })();
    state.current = p;
    return p;
  };

  const tickMs = options.tickMs ?? 5_000;
  const timer =
    tickMs > 0
      ? setInterval(() => {
          if (stopped) return;
          const t = now().getTime();
          for (const state of states.values()) {
            if (!state.current && state.nextAt <= t) run(state).catch(() => undefined);
          }
        }, tickMs)
      : null;
  timer?.unref();

  const get = (name: string): JobState => {
    const state = states.get(name);
    if (!state) throw new UnknownJobError(`unknown job "${name}"; jobs: ${[...states.keys()].join(', ')}`);
    return state;
  };

  return {
    now,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('the clock only moves forward');
      offsetMs += ms;
    },
    async runNow(name) {
      const state = get(name);
      if (state.current) await state.current.catch(() => undefined);
      return run(state);
    },
    async runAll() {
      const out: Record<string, Record<string, unknown>> = {};
      for (const name of states.keys()) out[name] = await this.runNow(name);
      return out;
    },
    status: () =>
      [...states.values()].map((s) => ({
        name: s.def.name,
        everyMs: s.def.everyMs,
        nextAt: new Date(s.nextAt).toISOString(),
        lastRunAt: s.lastRunAt === null ? null : new Date(s.lastRunAt).toISOString(),
        lastResult: s.lastResult,
        lastError: s.lastError,
        running: s.current !== null,
      })),
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await Promise.all([...states.values()].map((s) => s.current?.catch(() => undefined)));
    },
  };
}
