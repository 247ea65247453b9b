import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import bcrypt from 'bcryptjs';
import type { Queryable } from '../db/types.js';
import { AuthApiError, invalidCredentials, userNotFound, validationFailed } from './errors.js';
import { bearer, clientIp, obj, rateLimit, readJson, requireServiceRole, requireUser, safeRedirect, str, withParams, type AuthDeps } from './http.js';
import { sendAuthMail, verifyLink, type MailKind } from './mail.js';
import { consumeFlowState, createFlowState, latestFlowState, newOtp, pkceParams, tokenHashOf, type FlowState } from './one-time-tokens.js';
import { settingsOf } from '../settings.js';
import { checkCurrentPassword } from './current-password.js';
import { checkReauthentication } from './reauthentication.js';
import { anonymousDisabled, anonymousSignInsEnabled, anonymousUsersPerHour, insertAnonymousUser, makePermanent } from './anonymous.js';
import { withFactors } from './mfa.js';
import { endSessions, rotateRefreshToken, sessionResponse, startSession, type AuthMethod, type SessionTokens } from './sessions.js';
import { authRateLimits, BCRYPT_COST, MIN_PASSWORD_LENGTH, OTP_EXPIRY_SECONDS } from './settings.js';
import {
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertUser,
  isValidEmail,
  limitMetadata,
  mergeMetadata,
  normaliseEmail,
  userJson,
  type UserRow,
} from './users.js';

const FIVE_MINUTES = 300;
const HOUR = 3600;
// Compared against when the user does not exist, so a wrong e-mail costs as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

function checkPassword(password: string | undefined): string {
  if (!password) throw new AuthApiError(422, 'validation_failed', 'Password is required');
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new AuthApiError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return password;
}

function checkEmail(email: string | undefined): string {
  if (!email) throw validationFailed('To signup, please provide your email');
  const e = normaliseEmail(email);
  if (!isValidEmail(e)) throw validationFailed('Unable to validate email address: invalid format');
  return e;
}

const TOKEN_COLUMNS: Record<string, { token: string; sentAt: string; method: AuthMethod; mail: MailKind; flow: string }> = {
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', method: 'otp', mail: 'signup', flow: 'email/signup' },
  email: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', method: 'otp', mail: 'signup', flow: 'email/signup' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at', method: 'invite', mail: 'invite', flow: 'invite' },
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at', method: 'recovery', mail: 'recovery', flow: 'recovery' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at', method: 'magiclink', mail: 'magiclink', flow: 'magiclink' },
  email_change: { token: 'email_change_token_new', sentAt: 'email_change_sent_at', method: 'otp', mail: 'email_change', flow: 'email_change' },
};

/**
 * Stores a fresh one-time token for `kind` on the user (prefixed `pkce_` when the client uses
 * PKCE, as GoTrue does) and returns what the e-mail needs.
 */
async function issueEmailToken(
  q: Queryable,
  user: UserRow,
  kind: keyof typeof TOKEN_COLUMNS,
  address: string,
  pkce: ReturnType<typeof pkceParams>,
): Promise<{ otp: string; stored: string }> {
  const cols = TOKEN_COLUMNS[kind];
  const { otp, tokenHash } = newOtp(address);
  const stored = pkce ? `pkce_${tokenHash}` : tokenHash;
  await q.query(`update auth.users set ${cols.token} = $2, ${cols.sentAt} = now(), updated_at = now() where id = $1`, [user.id, stored]);
  if (pkce) await createFlowState(q, pkce, 'email', cols.flow, user.id);
  return { otp, stored };
}

type Verified = { user: UserRow; flow: FlowState | null; method: AuthMethod };

/** Checks a one-time token of `type` and applies its effect (confirm, recover, change e-mail). */
async function consumeEmailToken(
  q: Queryable,
  type: string,
  match: { tokenHash: string } | { email: string; otp: string },
): Promise<Verified> {
  const cols = TOKEN_COLUMNS[type];
  if (!cols) throw validationFailed(`Verify requires a valid type`);
  let row: UserRow | undefined;
  if ('tokenHash' in match) {
    const r = await q.query<{ id: string }>(`select id from auth.users where ${cols.token} = $1 and $1 <> '' limit 1`, [match.tokenHash]);
    row = r.rows[0] ? ((await findUserById(q, r.rows[0].id)) ?? undefined) : undefined;
  } else {
    const user = await findUserByEmail(q, match.email);
    const lookup = type === 'email_change' && user?.email_change ? user.email_change : match.email;
    const hash = tokenHashOf(normaliseEmail(lookup), match.otp);
    if (user) {
      const r = await q.query<{ t: string | null }>(`select ${cols.token} as t from auth.users where id = $1`, [user.id]);
      const stored = r.rows[0]?.t ?? '';
      if (stored === hash || stored === `pkce_${hash}`) row = user;
    }
  }
  if (!row) throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
  const meta = await q.query<{ sent: Date | null; stored: string | null }>(
    `select ${cols.sentAt} as sent, ${cols.token} as stored from auth.users where id = $1`,
    [row.id],
  );
  const sent = meta.rows[0]?.sent;
  const stored = meta.rows[0]?.stored ?? '';
  if (!sent || Date.now() - new Date(sent).getTime() > OTP_EXPIRY_SECONDS * 1000) {
    throw new AuthApiError(403, 'otp_expired', 'Token has expired or is invalid');
  }
  await q.query(`update auth.users set ${cols.token} = '', updated_at = now() where id = $1`, [row.id]);
  if (type === 'email_change') {
    const newEmail = row.email_change!;
    await q.query(
      `update auth.users set email = $2, email_change = '', email_change_sent_at = null, email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
      [row.id, newEmail],
    );
    await q.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`,
      [row.id, newEmail],
    );
    await makePermanent(q, row.id);
  } else {
    // Any e-mailed link proves the address: confirm it if it was not yet.
    await q.query(
      `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
          raw_user_meta_data = case when raw_user_meta_data ? 'email_verified' then raw_user_meta_data || '{"email_verified": true}'::jsonb else raw_user_meta_data end
        where id = $1`,
      [row.id],
    );
    await q.query(
      `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now() where user_id = $1 and provider = 'email'`,
      [row.id],
    );
  }
  const flow = stored.startsWith('pkce_') ? await latestFlowState(q, row.id, cols.flow) : null;
  const user = (await findUserById(q, row.id))!;
  return { user, flow, method: cols.method };
}

function implicitParams(s: SessionTokens, type?: string): Record<string, string | number | undefined> {
  return {
    access_token: s.access_token,
    expires_at: s.expires_at,
    expires_in: s.expires_in,
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    type,
    provider_token: s.provider_token,
    provider_refresh_token: s.provider_refresh_token,
  };
}

export function registerEmailRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  /** An invited user: new and unconfirmed, with `invited_at`; an address already in use is refused. */
  const inviteUser = async (q: Queryable, existing: UserRow | null, email: string, data: Record<string, unknown>): Promise<UserRow> => {
    if (existing) throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
    const user = await insertUser(
      q,
      { email, passwordHash: null, userMetadata: data, appMetadata: { provider: 'email', providers: ['email'] }, confirmed: false, signingIn: false, identityInMetadata: false },
      { provider: 'email', data: {} },
    );
    await q.query(`update auth.users set invited_at = now() where id = $1`, [user.id]);
    return user;
  };

  // GoTrue's admin invite: the user is made and the invite e-mail sent; its link confirms the
  // address and signs the person in (then they set a password).
  app.post('/invite', async (c) => {
    await requireServiceRole(deps, c);
    const body = await readJson(c);
    const email = checkEmail(str(body.email));
    const data = limitMetadata(ctx.config.maxUserMetadataBytes, obj(body.data) ?? {});
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to') ?? str(body.redirect_to));
    rateLimit(deps, c, 'email_sent', limits().emailSent, HOUR, true);
    const result = await ctx.db.admin(async (q) => {
      const user = await inviteUser(q, await findUserByEmail(q, email), email, data);
      const issued = await issueEmailToken(q, user, 'invite', email, null);
      const fresh = (await findUserById(q, user.id))!;
      return { issued, user: userJson(fresh, await identitiesOf(q, user.id)) };
    });
    await sendAuthMail(ctx, 'invite', email, verifyLink(ctx, result.issued.stored, 'invite', redirectTo), result.issued.otp);
    return c.json(result.user);
  });

  // GoTrue's admin generate_link: the link (and code) an e-mail would carry, handed to the service
  // role instead of sent: signup (an unconfirmed user with password and data), magiclink,
  // recovery, and email_change_current/new (the pending address). No mail is written.
  app.post('/admin/generate_link', async (c) => {
    await requireServiceRole(deps, c);
    const body = await readJson(c);
    const type = str(body.type) ?? '';
    const linkType: Record<string, keyof typeof TOKEN_COLUMNS> = { signup: 'signup', invite: 'invite', magiclink: 'magiclink', recovery: 'recovery', email_change_current: 'email_change', email_change_new: 'email_change' };
    const kind = linkType[type];
    if (!kind) throw validationFailed('Invalid email action link type requested: ' + type);
    const email = checkEmail(str(body.email));
    const newEmail = kind === 'email_change' ? checkEmail(str(body.new_email)) : undefined;
    const data = limitMetadata(ctx.config.maxUserMetadataBytes, obj(body.data) ?? {});
    const redirectTo = safeRedirect(ctx, str(body.redirect_to) ?? c.req.query('redirect_to'));
    const hash = type === 'signup' ? await bcrypt.hash(checkPassword(str(body.password)), BCRYPT_COST) : null;
    const result = await ctx.db.admin(async (q) => {
      let user = await findUserByEmail(q, email);
      if (type === 'signup') {
        if (user?.email_confirmed_at) throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
        user ??= await insertUser(
          q,
          { email, passwordHash: hash, userMetadata: data, appMetadata: { provider: 'email', providers: ['email'] }, confirmed: false, signingIn: false, identityInMetadata: false },
          { provider: 'email', data: {} },
        );
      }
      if (type === 'invite') user = await inviteUser(q, user, email, data);
      if (!user) throw userNotFound();
      if (newEmail) {
        const taken = await findUserByEmail(q, newEmail);
        if (taken && taken.id !== user.id) throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
        await q.query(`update auth.users set email_change = $2 where id = $1`, [user.id, newEmail]);
      }
      const issued = await issueEmailToken(q, user, kind, newEmail ?? email, null);
      const fresh = (await findUserById(q, user.id))!;
      return { issued, user: userJson(fresh, await identitiesOf(q, user.id)) };
    });
    const mailKind = TOKEN_COLUMNS[kind].mail;
    return c.json({
      ...result.user,
      action_link: verifyLink(ctx, result.issued.stored, mailKind, redirectTo),
      email_otp: result.issued.otp,
      hashed_token: result.issued.stored,
      verification_type: mailKind,
      redirect_to: redirectTo,
    });
  });
  const limits = () => authRateLimits(ctx.config);
  const client = (c: Context) => ({ userAgent: c.req.header('user-agent'), ip: clientIp(c) });

  app.post('/signup', async (c) => {
    rateLimit(deps, c, 'sign_in_sign_ups', limits().signInSignUps, FIVE_MINUTES);
    const body = await readJson(c);
    if (!str(body.email) && str(body.phone)) throw new AuthApiError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    // No e-mail, no phone: supabase-js's signInAnonymously (Dossier's config.toml keeps
    // enable_anonymous_sign_ins off; GoTrue's answer then is 422 anonymous_provider_disabled).
    if (!str(body.email) && !str(body.phone) && body.password === undefined) {
      if (!anonymousSignInsEnabled(ctx.config)) throw anonymousDisabled();
      rateLimit(deps, c, 'anonymous_users', anonymousUsersPerHour(ctx.config), HOUR);
      const data = limitMetadata(ctx.config.maxUserMetadataBytes, obj(body.data) ?? {});
      const session = await ctx.db.admin(async (q) => {
        const user = await insertAnonymousUser(q, data);
        const s = await startSession(q, user, 'anonymous', client(c));
        return sessionResponse(ctx, q, user.id, s.sessionId, s.refreshToken);
      });
      return c.json(session);
    }
    const email = checkEmail(str(body.email));
    const password = checkPassword(str(body.password));
    const data = limitMetadata(ctx.config.maxUserMetadataBytes, obj(body.data) ?? {});
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    const confirmations = ctx.config.enableEmailConfirmations;
    if (confirmations) rateLimit(deps, c, 'email_sent', limits().emailSent, HOUR, true);
    const hash = await bcrypt.hash(password, BCRYPT_COST);

    const result = await ctx.db.admin(async (q) => {
      let user = await findUserByEmail(q, email);
      if (user && (user.email_confirmed_at || !confirmations)) return { kind: 'exists' as const };
      if (user) {
        // Signing up again before confirming: GoTrue updates the password and sends a new link.
        await q.query(`update auth.users set encrypted_password = $2, raw_user_meta_data = raw_user_meta_data || $3::jsonb, updated_at = now() where id = $1`, [
          user.id,
          hash,
          JSON.stringify(data),
        ]);
        user = (await findUserById(q, user.id))!;
      } else {
        user = await insertUser(
          q,
          { email, passwordHash: hash, userMetadata: data, appMetadata: { provider: 'email', providers: ['email'] }, confirmed: !confirmations, signingIn: !confirmations },
          { provider: 'email', data: {} },
        );
      }
      if (!confirmations) {
        const s = await startSession(q, user, 'password', client(c), 'email');
        return { kind: 'session' as const, session: await sessionResponse(ctx, q, user.id, s.sessionId, s.refreshToken) };
      }
      const { otp, stored } = await issueEmailToken(q, user, 'signup', email, pkce);
      const fresh = (await findUserById(q, user.id))!;
      return { kind: 'confirm' as const, otp, stored, user: userJson(fresh, await identitiesOf(q, user.id)) };
    });

    if (result.kind === 'exists') {
      if (!confirmations) throw new AuthApiError(422, 'user_already_exists', 'User already registered');
      // With confirmations on GoTrue hides whether the address is taken: a look-alike user, no mail.
      const now = new Date().toISOString();
      return c.json({
        id: randomUUID(),
        aud: 'authenticated',
        role: 'authenticated',
        email,
        phone: '',
        confirmation_sent_at: now,
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: {},
        identities: [],
        created_at: now,
        updated_at: now,
        is_anonymous: false,
      });
    }
    if (result.kind === 'session') return c.json(result.session);
    await sendAuthMail(ctx, 'signup', email, verifyLink(ctx, result.stored, 'signup', redirectTo), result.otp);
    return c.json(result.user);
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await readJson(c);
    if (grant === 'password') {
      rateLimit(deps, c, 'sign_in_sign_ups', limits().signInSignUps, FIVE_MINUTES);
      const email = str(body.email);
      const password = str(body.password);
      if (!email || !password) throw new AuthApiError(400, 'validation_failed', 'missing email or phone', {}, 'invalid_request');
      const user = await ctx.db.admin((q) => findUserByEmail(q, email));
      const ok = await bcrypt.compare(password, user?.encrypted_password || DUMMY_HASH);
      if (!user || !ok || !user.encrypted_password) throw invalidCredentials();
      if (!user.email_confirmed_at) throw new AuthApiError(400, 'email_not_confirmed', 'Email not confirmed', {}, 'invalid_grant');
      if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw new AuthApiError(400, 'user_banned', 'User is banned', {}, 'invalid_grant');
      const session = await ctx.db.admin(async (q) => {
        const s = await startSession(q, user, 'password', client(c), 'email');
        return sessionResponse(ctx, q, user.id, s.sessionId, s.refreshToken);
      });
      return c.json(session);
    }
    if (grant === 'refresh_token') {
      rateLimit(deps, c, 'token_refresh', limits().tokenRefresh, FIVE_MINUTES);
      const token = str(body.refresh_token);
      if (!token) throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found', {}, 'invalid_grant');
      const r = await ctx.db.admin((q) => rotateRefreshToken(ctx, q, token));
      if (r instanceof AuthApiError) throw r;
      return c.json(r);
    }
    if (grant === 'pkce') {
      rateLimit(deps, c, 'sign_in_sign_ups', limits().signInSignUps, FIVE_MINUTES);
      const code = str(body.auth_code);
      const verifier = str(body.code_verifier);
      if (!code || !verifier) throw new AuthApiError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
      const session = await ctx.db.admin(async (q) => {
        const flow = await consumeFlowState(q, code, verifier);
        const user = await findUserById(q, flow.user_id!);
        if (!user) throw new AuthApiError(404, 'user_not_found', 'User not found');
        const method: AuthMethod = flow.authentication_method === 'oauth' ? 'oauth' : flow.authentication_method === 'recovery' ? 'recovery' : 'otp';
        const s = await startSession(q, user, method, client(c), flow.provider_type === 'email' ? undefined : flow.provider_type);
        const tokens = await sessionResponse(ctx, q, user.id, s.sessionId, s.refreshToken);
        if (flow.provider_access_token) tokens.provider_token = flow.provider_access_token;
        if (flow.provider_refresh_token) tokens.provider_refresh_token = flow.provider_refresh_token;
        return tokens;
      });
      return c.json(session);
    }
    throw new AuthApiError(400, 'unsupported_grant_type', 'unsupported_grant_type', {}, 'unsupported_grant_type');
  });

  app.get('/user', async (c) => {
    const caller = await requireUser(deps, c);
    const json = await ctx.db.admin(async (q) => withFactors(q, userJson(caller.user, await identitiesOf(q, caller.user.id))));
    return c.json(json);
  });

  app.put('/user', async (c) => {
    const caller = await requireUser(deps, c);
    const body = await readJson(c);
    const password = str(body.password);
    const data = obj(body.data);
    if (data) limitMetadata(ctx.config.maxUserMetadataBytes, mergeMetadata(caller.user.raw_user_meta_data, data));
    const newEmail = str(body.email) ? checkEmail(str(body.email)) : undefined;
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    let hash: string | undefined;
    if (password !== undefined) {
      checkPassword(password);
      await ctx.db.admin((q) => checkCurrentPassword(settingsOf(ctx.config), q, caller.user, caller.sessionId, str(body.current_password)));
      if (caller.user.encrypted_password && (await bcrypt.compare(password, caller.user.encrypted_password))) {
        throw new AuthApiError(422, 'same_password', 'New password should be different from the old password.');
      }
      hash = await bcrypt.hash(password, BCRYPT_COST);
    }
    const changeEmail = newEmail && newEmail !== caller.user.email ? newEmail : undefined;
    const confirmChange = changeEmail !== undefined && ctx.config.enableEmailConfirmations;
    if (confirmChange) rateLimit(deps, c, 'email_sent', limits().emailSent, HOUR, true);
    const result = await ctx.db.admin(async (q) => {
      const id = caller.user.id;
      if (hash) await checkReauthentication(ctx.config, q, caller.user, caller.sessionId, str(body.nonce));
      if (data) {
        await q.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1`, [
          id,
          JSON.stringify(mergeMetadata(caller.user.raw_user_meta_data, data)),
        ]);
      }
      if (hash) {
        await q.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1`, [id, hash]);
        // GoTrue ends the user's other sessions when the password changes.
        await endSessions(q, id, caller.sessionId, 'others');
      }
      let mail: { otp: string; stored: string } | undefined;
      if (changeEmail) {
        const taken = await findUserByEmail(q, changeEmail);
        if (taken && taken.id !== id) throw new AuthApiError(422, 'email_exists', 'A user with this email address has already been registered');
        if (confirmChange) {
          await q.query(`update auth.users set email_change = $2 where id = $1`, [id, changeEmail]);
          mail = await issueEmailToken(q, caller.user, 'email_change', changeEmail, pkce);
        } else {
          // Without confirmations the address counts as confirmed (mailer_autoconfirm).
          await q.query(`update auth.users set email = $2, email_confirmed_at = case when is_anonymous then now() else email_confirmed_at end, updated_at = now() where id = $1`, [
            id,
            changeEmail,
          ]);
          await q.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now() where user_id = $1 and provider = 'email'`,
            [id, changeEmail],
          );
          await makePermanent(q, id);
        }
      }
      const user = (await findUserById(q, id))!;
      return { user: userJson(user, await identitiesOf(q, id)), mail };
    });
    if (result.mail && changeEmail) {
      await sendAuthMail(ctx, 'email_change', changeEmail, verifyLink(ctx, result.mail.stored, 'email_change', redirectTo), result.mail.otp);
    }
    return c.json(result.user);
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (scope !== 'global' && scope !== 'local' && scope !== 'others') throw validationFailed(`Unsupported logout scope "${scope}"`);
    if (!bearer(c)) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const caller = await requireUser(deps, c);
    await ctx.db.admin((q) => endSessions(q, caller.user.id, caller.sessionId, scope));
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    const body = await readJson(c);
    const email = checkEmail(str(body.email));
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    rateLimit(deps, c, 'email_sent', limits().emailSent, HOUR, true);
    const issued = await ctx.db.admin(async (q) => {
      const user = await findUserByEmail(q, email);
      // Unknown addresses get the same answer: the endpoint must not reveal who has an account.
      if (!user) return null;
      return issueEmailToken(q, user, 'recovery', email, pkce);
    });
    if (issued) await sendAuthMail(ctx, 'recovery', email, verifyLink(ctx, issued.stored, 'recovery', redirectTo), issued.otp);
    return c.json({});
  });

  // supabase.auth.resend: a new confirmation (signup) or e-mail-change link.
  app.post('/resend', async (c) => {
    const body = await readJson(c);
    const type = str(body.type);
    if (type !== 'signup' && type !== 'email_change') throw validationFailed('Missing one of these types: signup, email_change');
    const email = checkEmail(str(body.email));
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    rateLimit(deps, c, 'email_sent', limits().emailSent, HOUR, true);
    const issued = await ctx.db.admin(async (q) => {
      if (type === 'signup') {
        const user = await findUserByEmail(q, email);
        // Confirmed or unknown addresses get the same empty answer and no mail.
        if (!user || user.email_confirmed_at) return null;
        return { to: email, ...(await issueEmailToken(q, user, 'signup', email, pkce)) };
      }
      const r = await q.query<{ id: string }>(`select id from auth.users where lower(email_change) = $1 limit 1`, [email]);
      const user = r.rows[0] ? await findUserById(q, r.rows[0].id) : null;
      if (!user) return null;
      return { to: email, ...(await issueEmailToken(q, user, 'email_change', email, pkce)) };
    });
    if (issued) await sendAuthMail(ctx, type, issued.to, verifyLink(ctx, issued.stored, type, redirectTo), issued.otp);
    return c.json({});
  });

  app.post('/otp', async (c) => {
    const body = await readJson(c);
    const email = checkEmail(str(body.email));
    const pkce = pkceParams(body.code_challenge, body.code_challenge_method);
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    rateLimit(deps, c, 'email_sent', limits().emailSent, HOUR, true);
    const createUser = body.create_user !== false;
    const issued = await ctx.db.admin(async (q) => {
      let user = await findUserByEmail(q, email);
      if (!user) {
        if (!createUser) throw new AuthApiError(422, 'otp_disabled', 'Signups not allowed for otp');
        user = await insertUser(
          q,
          { email, passwordHash: null, userMetadata: limitMetadata(ctx.config.maxUserMetadataBytes, obj(body.data) ?? {}), appMetadata: { provider: 'email', providers: ['email'] }, confirmed: false, signingIn: false },
          { provider: 'email', data: {} },
        );
      }
      return issueEmailToken(q, user, 'magiclink', email, pkce);
    });
    await sendAuthMail(ctx, 'magiclink', email, verifyLink(ctx, issued.stored, 'magiclink', redirectTo), issued.otp);
    return c.json({});
  });

  // The link in an auth e-mail: confirm, then redirect with a session (fragment) or a PKCE code.
  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const token = c.req.query('token') ?? '';
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    rateLimit(deps, c, 'token_verifications', limits().tokenVerifications, FIVE_MINUTES);
    try {
      const out = await ctx.db.admin(async (q) => {
        const v = await consumeEmailToken(q, type, { tokenHash: token });
        if (v.flow) {
          await q.query(`update auth.flow_state set auth_code_issued_at = now() where id = $1`, [v.flow.id]);
          return { code: v.flow.auth_code };
        }
        const s = await startSession(q, v.user, v.method, client(c), 'email');
        return { session: await sessionResponse(ctx, q, v.user.id, s.sessionId, s.refreshToken) };
      });
      const target = out.code
        ? withParams(redirectTo, { code: out.code }, 'query')
        : withParams(redirectTo, implicitParams(out.session!, type === 'email' ? 'signup' : type), 'fragment');
      return c.redirect(target, 303);
    } catch (e) {
      if (!(e instanceof AuthApiError) || e.status === 429) throw e;
      const where = token.startsWith('pkce_') ? 'query' : 'fragment';
      return c.redirect(
        withParams(redirectTo, { error: 'access_denied', error_code: e.code === 'otp_expired' ? 'otp_expired' : e.code, error_description: 'Email link is invalid or has expired' }, where),
        303,
      );
    }
  });

  app.post('/verify', async (c) => {
    rateLimit(deps, c, 'token_verifications', limits().tokenVerifications, FIVE_MINUTES);
    const body = await readJson(c);
    const type = str(body.type) ?? '';
    const tokenHash = str(body.token_hash);
    const email = str(body.email);
    const otp = str(body.token);
    if (!tokenHash && !(email && otp)) throw validationFailed('Verify requires either a token or a token hash');
    const session = await ctx.db.admin(async (q) => {
      const v = await consumeEmailToken(q, type, tokenHash ? { tokenHash } : { email: email!, otp: otp! });
      const s = await startSession(q, v.user, v.method, client(c), 'email');
      return sessionResponse(ctx, q, v.user.id, s.sessionId, s.refreshToken);
    });
    return c.json(session);
  });
}
