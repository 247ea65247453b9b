import type { JobDefinition } from './jobs.js';

/**
 * Expiry reminders (issue 15 §3, ADR 0112): the SQL job pg_cron runs on hosted Supabase, here on
 * the scheduler's clock (both on its row of jobs.schedules). It writes each due reminder once and queues its mail, which the
 * deliver-mail job takes to the outbox.
 */
export const expiryRemindersJob: JobDefinition = {
  name: 'send-expiry-reminders',
  run: async (ctx, at) => {
    const r = await ctx.db.admin((q) => q.query<{ n: number }>('select jobs.send_expiry_reminders($1::timestamptz) as n', [at.toISOString()]));
    return { sent: Number(r.rows[0]?.n ?? 0) };
  },
};
