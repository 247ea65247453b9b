import type { Hono } from 'hono';
import type { StackConfig } from '../context.js';
import type { Queryable } from '../db/types.js';
import { settingsOf, type StackSettings } from '../settings.js';
import { writeMail } from '../outbox/index.js';
import { AuthApiError } from './errors.js';
import { rateLimit, requireUser, type AuthDeps } from './http.js';
import { newOtp, tokenHashOf } from './one-time-tokens.js';
import { authRateLimits, OTP_EXPIRY_SECONDS } from './settings.js';
import { authSwitch } from './supabase-toml.js';
import type { UserRow } from './users.js';

declare module '../context.js' {
  interface StackConfig {
    /** Overrides `[auth.email] secure_password_change` (tests). */
    securePasswordChange?: boolean;
  }
}

/**
 * `[auth.email] secure_password_change` (GoTrue's GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION):
 * a password change in a session older than 24 hours needs the nonce `reauthenticate()` e-mailed.
 */
export function securePasswordChange(config: StackConfig, settings: StackSettings = settingsOf(config)): boolean {
  return authSwitch(config.securePasswordChange, settings.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION, config.supabaseDir, 'auth.email', 'secure_password_change');
}

const RECENT_SESSION_SECONDS = 24 * 3600;

/** GET /reauthenticate: e-mails the signed-in user a one-time nonce; answers `{}`. */
export function registerReauthenticationRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  app.get('/reauthenticate', async (c) => {
    const caller = await requireUser(deps, c);
    const email = caller.user.email;
    if (!email && !caller.user.phone) {
      throw new AuthApiError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number');
    }
    if (!email) throw new AuthApiError(400, 'phone_provider_disabled', 'Unsupported phone provider');
    if (!caller.user.email_confirmed_at) throw new AuthApiError(422, 'email_not_confirmed', 'Please verify your email first.');
    rateLimit(deps, c, 'email_sent', authRateLimits(ctx.config).emailSent, 3600, true);
    const { otp, tokenHash } = newOtp(email);
    await ctx.db.admin((q) =>
      q.query(`update auth.users set reauthentication_token = $2, reauthentication_sent_at = now(), updated_at = now() where id = $1`, [caller.user.id, tokenHash]),
    );
    const subject = 'Confirm reauthentication';
    await writeMail(ctx.config.dataDir, { to: email, subject, text: `${subject}\n\nEnter the code: ${otp}\n`, html: `<h2>${subject}</h2>\n<p>Enter the code: ${otp}</p>`, link: null, type: 'reauthentication' });
    ctx.log(`auth: reauthentication e-mail to ${email} written to the outbox`);
    return c.json({});
  });
}

/**
 * PUT /user with a password under secure_password_change: a session started within 24 hours
 * may change it; an older one needs the e-mailed nonce, used once. Runs in the update's transaction.
 */
export async function checkReauthentication(config: StackConfig, q: Queryable, user: UserRow, sessionId: string | undefined, nonce: string | undefined): Promise<void> {
  if (!securePasswordChange(config)) return;
  if (sessionId) {
    const r = await q.query<{ recent: boolean }>(`select created_at > now() - make_interval(secs => $2) as recent from auth.sessions where id = $1`, [sessionId, RECENT_SESSION_SECONDS]);
    if (r.rows[0]?.recent) return;
  }
  if (!nonce) throw new AuthApiError(400, 'reauthentication_needed', 'Password update requires reauthentication');
  const r = await q.query<{ token: string | null; fresh: boolean | null }>(
    `select reauthentication_token as token, reauthentication_sent_at > now() - make_interval(secs => $2) as fresh from auth.users where id = $1 for update`,
    [user.id, OTP_EXPIRY_SECONDS],
  );
  const row = r.rows[0];
  if (!row?.token || !row.fresh || !user.email || row.token !== tokenHashOf(user.email, nonce)) {
    throw new AuthApiError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid');
  }
  await q.query(`update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1`, [user.id]);
}
