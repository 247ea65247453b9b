import type { StackContext } from '../context.js';
import { parseCron, type CronSchedule } from './cron.js';
import { JOBS, type JobDefinition } from './jobs.js';

export interface JobStatus {
  name: string;
  /** The cron expression of the job's row in jobs.schedules: the one pg_cron runs on hosted. */
  schedule: string;
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

/** A row of jobs.schedules, the one table hosted pg_cron and this scheduler both read. */
export interface ScheduleRow {
  job: string;
  schedule: string;
}

/**
 * The schedules the migrations declare; null when the database has no jobs.schedules yet — it is
 * older than this code (an instance one migration behind, as the backup tests start one).
 */
export async function loadSchedules(ctx: StackContext): Promise<ScheduleRow[] | null> {
  try {
    const r = await ctx.db.admin((q) => q.query<ScheduleRow>('select job, schedule from jobs.schedules order by job'));
    return r.rows;
  } catch (e) {
    if ((e as { code?: string }).code === '42P01') return null;
    throw e;
  }
}

/** What a job without a schedule runs on: never by itself, only when asked. */
const UNSCHEDULED: CronSchedule = { next: () => new Date(8.64e15) };

interface JobState {
  def: JobDefinition;
  schedule: string;
  cron: CronSchedule;
  nextAt: number;
  lastRunAt: number | null;
  lastResult: Record<string, unknown> | null;
  lastError: string | null;
  current: Promise<Record<string, unknown>> | null;
}

/**
 * The local stack's job scheduler: runs each job of jobs.schedules on its cron expression (UTC, as
 * pg_cron does) against the stack's database, with the runner of the same name (the same SQL or
 * Edge Function pg_cron calls on hosted Supabase). One run of a job at a time per stack; the SQL
 * takes advisory locks, so two stacks on one database never overlap either. `tickMs` 0 disables
 * the timer (jobs then run only when asked). A scheduled job without a runner, or a runner without
 * a schedule, stops the start: the two lists are one or the stack does not run.
 */
export async function createScheduler(
  ctx: StackContext,
  options: { tickMs?: number; jobs?: JobDefinition[]; schedules?: ScheduleRow[] } = {},
): Promise<Scheduler> {
  let offsetMs = 0;
  let stopped = false;
  const now = () => new Date(Date.now() + offsetMs);
  const runners = new Map((options.jobs ?? JOBS).map((def) => [def.name, def]));
  const loaded = options.schedules ?? (await loadSchedules(ctx));
  if (!loaded) ctx.log('scheduler: the database has no jobs.schedules (a migration has not run yet): jobs run only when asked');
  const schedules = loaded ?? [...runners.keys()].map((job) => ({ job, schedule: '' }));
  const unscheduled = [...runners.keys()].filter((name) => !schedules.some((s) => s.job === name));
  const unrunnable = schedules.filter((s) => !runners.has(s.job)).map((s) => s.job);
  if (unscheduled.length || unrunnable.length) {
    throw new Error(
      `scheduler: jobs.schedules and the local runners differ (no schedule: ${unscheduled.join(', ') || 'none'}; no runner: ${unrunnable.join(', ') || 'none'})`,
    );
  }
  // In the runners' order: runAll's order is what one "time passes" does (queue, then sweep and send).
  const states = new Map<string, JobState>(
    [...runners.values()].map((def) => {
      const schedule = schedules.find((s) => s.job === def.name)!.schedule;
      const cron = schedule ? parseCron(schedule) : UNSCHEDULED;
      return [def.name, { def, schedule, cron, nextAt: cron.next(now()).getTime(), lastRunAt: null, lastResult: null, lastError: null, current: null }];
    }),
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
        state.nextAt = state.cron.next(at).getTime();
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

  const scheduler: Scheduler = {
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
      for (const name of states.keys()) out[name] = await scheduler.runNow(name);
      return out;
    },
    status: () =>
      [...states.values()].map((s) => ({
        name: s.def.name,
        schedule: s.schedule,
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
  return scheduler;
}
