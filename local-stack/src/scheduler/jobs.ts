import type { StackContext } from '../context.js';
import { writeMail } from '../outbox/index.js';
import { settingsOf } from '../settings.js';
// One template home for product mail, hosted and local (ADR 0272); it imports nothing.
// eslint-disable-next-line @nx/enforce-module-boundaries -- supabase/functions is not a project: the stack runs what hosted runs
import { renderProductMail } from '../../../supabase/functions/_shared/product-mail.js';
import { expiryRemindersJob } from './expiry-reminders.js';

/** The local outbox's sender address: no mail leaves the machine. */
const LOCAL_MAIL_FROM = 'no-reply@dossier.localhost';

/**
 * One scheduled job's local runner: what it does at a moment of the scheduler's clock. When it
 * runs is not here: the schedule is the job's row in jobs.schedules, the table pg_cron is fed
 * from on hosted Supabase (migration 20261129500000, ADR 0415).
 */
export interface JobDefinition {
  name: string;
  run(ctx: StackContext, at: Date): Promise<Record<string, unknown>>;
}

async function sqlJob(ctx: StackContext, sql: string, at: Date): Promise<number> {
  const r = await ctx.db.admin((q) => q.query<{ n: number }>(sql, [at.toISOString()]));
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * Removes queued objects through the storage-sweeper Edge Function, exactly as pg_cron does on
 * hosted Supabase (there through pg_net): the same code path, the Storage API, the service role.
 */
async function callStorageSweeper(ctx: StackContext): Promise<Record<string, unknown>> {
  const queued = await ctx.db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from jobs.object_deletions'));
  if (queued.rows[0].n === 0) return { removed: 0 };
  const res = await fetch(`${ctx.config.publicUrl}/functions/v1/storage-sweeper`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ctx.config.serviceRoleKey}`, apikey: ctx.config.serviceRoleKey, 'Content-Type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok && res.status !== 207) throw new Error(`storage-sweeper answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Product mail (account deletion notices, …) queued in jobs.outgoing_mail goes to the local
 * outbox, next to GoTrue's auth mail. Claimed through public.claim_outgoing_mail — the same lease
 * and SKIP LOCKED the deliver-mail Edge Function uses on hosted Supabase — so two runners never
 * send a mail twice; a row is deleted (public.outgoing_mail_sent) once its file is written.
 */
async function deliverMail(ctx: StackContext): Promise<Record<string, unknown>> {
  const claimed = await ctx.db.admin((q) =>
    q.query<{ id: string; to_address: string; kind: string; subject: string; body: string; link_path: string | null }>('select * from public.claim_outgoing_mail(100)'),
  );
  for (const m of claimed.rows) {
    // Rendered by the Edge Function's own template module: the outbox shows what hosted sends.
    // MAIL_LOCALE / MAIL_TIME_ZONE: the same deployment defaults deliver-mail reads.
    const mail = renderProductMail(m, { siteUrl: ctx.config.siteUrl, fromAddress: LOCAL_MAIL_FROM, locale: settingsOf(ctx.config).MAIL_LOCALE, timeZone: settingsOf(ctx.config).MAIL_TIME_ZONE });
    await writeMail(ctx.config.dataDir, { from: mail.from, to: m.to_address, subject: mail.subject, text: mail.text, html: mail.html, link: mail.link, type: m.kind });
    await ctx.db.admin((q) => q.query('select public.outgoing_mail_sent($1)', [m.id]));
  }
  return { delivered: claimed.rows.length };
}

/** The local scheduler's runners (ADR 0095), one per row of jobs.schedules; the SQL ones call the functions pg_cron calls on hosted Supabase. */
export const JOBS: JobDefinition[] = [
  { name: 'purge-trash', run: async (ctx, at) => ({ purged: await sqlJob(ctx, 'select jobs.purge_trash($1::timestamptz) as n', at) }) },
  { name: 'delete-accounts', run: async (ctx, at) => ({ deleted: await sqlJob(ctx, 'select jobs.delete_due_accounts($1::timestamptz) as n', at) }) },
  { name: 'sweep-orphans', run: async (ctx, at) => ({ queued: await sqlJob(ctx, 'select jobs.sweep_orphans($1::timestamptz) as n', at) }) },
  { name: 'expire-transfers', run: async (ctx, at) => ({ expired: await sqlJob(ctx, 'select jobs.expire_transfers($1::timestamptz) as n', at) }) },
  { name: 'open-emergency-access', run: async (ctx, at) => ({ opened: await sqlJob(ctx, 'select jobs.open_due_emergency_access($1::timestamptz) as n', at) }) },
  { name: 'storage-sweeper', run: (ctx) => callStorageSweeper(ctx) },
  { name: 'deliver-mail', run: (ctx) => deliverMail(ctx) },
  expiryRemindersJob,
];
