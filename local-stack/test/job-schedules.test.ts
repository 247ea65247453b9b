// Scheduled jobs from one table (issue 23 §1, ADR 0415): hosted pg_cron and the local scheduler
// both read jobs.schedules, so a period cannot differ between them. On PGlite and PostgreSQL.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { StackContext } from '../src/context';
import { parseCron } from '../src/scheduler/cron';
import { createScheduler } from '../src/scheduler/index';
import { JOBS } from '../src/scheduler/jobs';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';

const MIGRATIONS = path.resolve(__dirname, '../../supabase/migrations');

describe('cron expressions as pg_cron reads them (UTC)', () => {
  const next = (expr: string, after: string) => parseCron(expr).next(new Date(after)).toISOString();

  it.each([
    ['* * * * *', '2026-11-29T10:00:30Z', '2026-11-29T10:01:00.000Z'],
    ['*/5 * * * *', '2026-11-29T10:01:00Z', '2026-11-29T10:05:00.000Z'],
    ['*/15 * * * *', '2026-11-29T10:45:00Z', '2026-11-29T11:00:00.000Z'],
    ['7 * * * *', '2026-11-29T10:07:00Z', '2026-11-29T11:07:00.000Z'],
    ['17 3 * * *', '2026-11-29T03:18:00Z', '2026-11-30T03:17:00.000Z'],
    ['43 4 * * *', '2026-12-31T23:59:00Z', '2027-01-01T04:43:00.000Z'],
    ['0 9 * * 1', '2026-11-29T10:00:00Z', '2026-11-30T09:00:00.000Z'],
    ['0 0 1,15 * *', '2026-11-02T00:00:00Z', '2026-11-15T00:00:00.000Z'],
    ['30 8-10/2 * * 7', '2026-11-29T08:31:00Z', '2026-11-29T10:30:00.000Z'],
  ])('%s after %s is %s', (expr, after, expected) => {
    expect(next(expr, after)).toBe(expected);
  });

  it.each(['@hourly', '* * * *', '61 * * * *', '*/0 * * * *', 'x * * * *'])('refuses "%s" with a clear error', (expr) => {
    expect(() => parseCron(expr)).toThrow(/cron/);
  });
});

describe('the local scheduler and jobs.schedules', () => {
  const ctx = { log: () => undefined } as unknown as StackContext;
  const rows = JOBS.map((j) => ({ job: j.name, schedule: '*/5 * * * *' }));

  it('does not start when a scheduled job has no local runner, or a runner no schedule', async () => {
    await expect(createScheduler(ctx, { tickMs: 0, schedules: [...rows, { job: 'new-job', schedule: '* * * * *' }] })).rejects.toThrow(/no runner: new-job/);
    await expect(createScheduler(ctx, { tickMs: 0, schedules: rows.slice(1) })).rejects.toThrow(new RegExp(`no schedule: ${JOBS[0].name}`));
  });

  it('runs a job at the next moment its cron expression names', async () => {
    const scheduler = await createScheduler(ctx, { tickMs: 0, schedules: rows });
    const status = scheduler.status();
    expect(status.map((s) => s.schedule)).toEqual(rows.map(() => '*/5 * * * *'));
    for (const s of status) expect(new Date(s.nextAt).getUTCMinutes() % 5).toBe(0);
    await scheduler.stop();
  });

  it('on a database older than the table (a migration not run yet) starts, schedules nothing, and runs a job when asked', async () => {
    const missing = Object.assign(new Error('relation "jobs.schedules" does not exist'), { code: '42P01' });
    const logged: string[] = [];
    const older = { log: (line: string) => logged.push(line), db: { admin: async () => Promise.reject(missing) } } as unknown as StackContext;
    const scheduler = await createScheduler(older, { tickMs: 0, jobs: [{ name: 'tidy', run: async () => ({ tidied: 1 }) }] });
    expect(logged.join('\n')).toContain('no jobs.schedules');
    expect(scheduler.status()).toMatchObject([{ name: 'tidy', schedule: '' }]);
    expect(new Date(scheduler.status()[0].nextAt).getUTCFullYear()).toBeGreaterThan(100_000);
    expect(await scheduler.runNow('tidy')).toEqual({ tidied: 1 });
    await scheduler.stop();
    // Any other failure to read the table still stops the start.
    const broken = { log: () => undefined, db: { admin: async () => Promise.reject(Object.assign(new Error('connection lost'), { code: '08006' })) } } as unknown as StackContext;
    await expect(createScheduler(broken, { tickMs: 0 })).rejects.toThrow('connection lost');
  });

  it('every pg_cron job an earlier migration scheduled is a row of the table (none escapes it)', () => {
    const sql = readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => readFileSync(path.join(MIGRATIONS, f), 'utf8'))
      .join('\n');
    const literal = [...sql.matchAll(/cron\.schedule\('([^']+)'/g)].map((m) => m[1]);
    const table = /insert into jobs\.schedules[^;]+;/.exec(sql)![0];
    expect(literal.length).toBeGreaterThan(0);
    for (const name of literal) expect(table).toContain(`'${name}'`);
  });
});

describe.each(databasesSync())('jobs.schedules on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { schedulerTickMs: 0 } });
  });
  afterAll(() => stack?.stop());

  it('the running scheduler has exactly the table\'s jobs, on the table\'s cron expressions', async () => {
    const r = await stack.db.admin((q) => q.query<{ job: string; schedule: string }>('select job, schedule from jobs.schedules order by job'));
    expect(r.rows.length).toBe(JOBS.length);
    const running = stack.scheduler.status().map((s) => ({ job: s.name, schedule: s.schedule }));
    expect(running.sort((a, b) => a.job.localeCompare(b.job))).toEqual(r.rows);
    expect(r.rows.find((row) => row.job === 'purge-trash')?.schedule).toBe('17 3 * * *');
  });

  it('hosted pg_cron is given every row of the same table', async () => {
    // pg_cron is absent here: a stand-in cron.schedule records what the hosted block would schedule.
    const calls = await stack.db.admin(async (q) => {
      await q.query('create schema if not exists cron');
      await q.query('create table if not exists cron.stand_in (jobname text, schedule text, command text)');
      await q.query(`create or replace function cron.schedule(jobname text, schedule text, command text) returns bigint language sql as $$
        insert into cron.stand_in values (jobname, schedule, command); select 1::bigint $$`);
      const n = await q.query<{ n: number }>('select jobs.schedule_on_pg_cron() as n');
      const got = await q.query<{ jobname: string; schedule: string; command: string }>('select * from cron.stand_in order by jobname');
      await q.query('drop schema cron cascade');
      return { n: Number(n.rows[0].n), rows: got.rows };
    });
    const table = await stack.db.admin((q) => q.query<{ jobname: string; schedule: string; command: string }>('select cron_job as jobname, schedule, command from jobs.schedules order by cron_job'));
    expect(calls.n).toBe(JOBS.length);
    expect(calls.rows).toEqual(table.rows);
  });

  it('is not readable through the API', async () => {
    const res = await fetch(`${stack.url}/rest/v1/schedules?select=*`, { headers: { apikey: stack.anonKey, 'accept-profile': 'jobs' } });
    expect(res.ok).toBe(false);
  });
});
