import { randomBytes, randomUUID } from 'node:crypto';
import type { StackContext } from '../context.js';
import type { Queryable } from '../db/types.js';
import { AuthApiError } from './errors.js';
import { ACCESS_TOKEN_SECONDS } from './settings.js';
import { findUserById, identitiesOf, userJson, type UserRow } from './users.js';
import { withFactors } from './mfa.js';

/** How the session was authenticated; becomes the access token's `amr`. */
export type AuthMethod = 'password' | 'oauth' | 'otp' | 'recovery' | 'magiclink' | 'email/signup' | 'invite' | 'passkey' | 'anonymous';

export interface SessionTokens {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
  provider_token?: string;
  provider_refresh_token?: string;
}

export interface ClientInfo {
  userAgent?: string;
  ip?: string;
}

/** GoTrue's refresh tokens are short random strings; 16 bytes of entropy is plenty. */
function newRefreshToken(): string {
  return randomBytes(16).toString('base64url');
}

export async function insertRefreshToken(q: Queryable, userId: string, sessionId: string, parent: string | null): Promise<string> {
  const token = newRefreshToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [token, userId, parent, sessionId],
  );
  return token;
}

/**
 * Starts a session for `user`: session row, amr claim, first refresh token, and the sign-in stamps
 * (last_sign_in_at on the user and its identity). Runs inside the caller's admin transaction.
 */
export async function startSession(
  q: Queryable,
  user: UserRow,
  method: AuthMethod,
  client: ClientInfo,
  provider?: string,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await q.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet)`,
    [sessionId, user.id, client.userAgent ?? null, client.ip && isIp(client.ip) ? client.ip : null],
  );
  await q.query(
    `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     values ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  );
  await q.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [user.id]);
  if (provider) {
    await q.query(`update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = $2`, [user.id, provider]);
  }
  const refreshToken = await insertRefreshToken(q, user.id, sessionId, null);
  return { sessionId, refreshToken };
}

function isIp(s: string): boolean {
  return /^[0-9a-f:.]+$/i.test(s) && s.length <= 45;
}

/** Signs the access token with Supabase's claims for `user` in `sessionId`. */
export async function accessToken(ctx: StackContext, q: Queryable, user: UserRow, sessionId: string): Promise<string> {
  // aal2 once a second factor was verified in this session (routes-mfa.ts).
  const level = await q.query<{ aal: string | null }>(`select aal from auth.sessions where id = $1`, [sessionId]);
  const amr = await q.query<{ authentication_method: string; created_at: Date }>(
    `select authentication_method, created_at from auth.mfa_amr_claims where session_id = $1 order by created_at`,
    [sessionId],
  );
  return ctx.jwt.signAccessToken(
    {
      iss: `${ctx.config.publicUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: level.rows[0]?.aal ?? 'aal1',
      amr: amr.rows.map((r) => ({ method: r.authentication_method, timestamp: Math.floor(new Date(r.created_at).getTime() / 1000) })),
      session_id: sessionId,
      is_anonymous: user.is_anonymous ?? false,
    },
    ACCESS_TOKEN_SECONDS,
  );
}

/** The session body GoTrue answers with, for a user whose session and refresh token exist. */
export async function sessionResponse(
  ctx: StackContext,
  q: Queryable,
  userId: string,
  sessionId: string,
  refreshToken: string,
): Promise<SessionTokens> {
  const user = await findUserById(q, userId);
  if (!user) throw new AuthApiError(404, 'user_not_found', 'User not found');
  const token = await accessToken(ctx, q, user, sessionId);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: Math.floor(Date.now() / 1000) + ACCESS_TOKEN_SECONDS,
    refresh_token: refreshToken,
    user: await withFactors(q, userJson(user, await identitiesOf(q, userId))),
  };
}

/**
 * Exchanges a refresh token for a new one (rotation). A token that was already used is a sign of
 * theft: the whole session is ended, as GoTrue's reuse detection does.
 */
export async function rotateRefreshToken(ctx: StackContext, q: Queryable, token: string): Promise<SessionTokens | AuthApiError> {
  const r = await q.query<{ id: string; user_id: string; revoked: boolean; session_id: string | null }>(
    `select id, user_id, revoked, session_id from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  const row = r.rows[0];
  if (!row || !row.session_id) {
    throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found', {}, 'invalid_grant');
  }
  if (row.revoked) {
    await q.query(`delete from auth.sessions where id = $1`, [row.session_id]);
    // Returned, not thrown: ending the session must commit.
    return new AuthApiError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used', {}, 'invalid_grant');
  }
  const user = await findUserById(q, row.user_id);
  if (!user) throw new AuthApiError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found', {}, 'invalid_grant');
  if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) {
    throw new AuthApiError(400, 'user_banned', 'User is banned', {}, 'invalid_grant');
  }
  await q.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [row.id]);
  const next = await insertRefreshToken(q, row.user_id, row.session_id, token);
  await q.query(`update auth.sessions set refreshed_at = now()::timestamp, updated_at = now() where id = $1`, [row.session_id]);
  return sessionResponse(ctx, q, row.user_id, row.session_id, next);
}

export async function sessionExists(q: Queryable, sessionId: string): Promise<boolean> {
  const r = await q.query(`select 1 from auth.sessions where id = $1`, [sessionId]);
  return r.rows.length > 0;
}

/** POST /logout scopes: global ends every session of the user, local this one, others all but this. */
export async function endSessions(q: Queryable, userId: string, sessionId: string | undefined, scope: 'global' | 'local' | 'others'): Promise<void> {
  if (scope === 'global' || !sessionId) {
    if (scope !== 'others') await q.query(`delete from auth.sessions where user_id = $1`, [userId]);
    return;
  }
  if (scope === 'local') await q.query(`delete from auth.sessions where id = $1`, [sessionId]);
  else await q.query(`delete from auth.sessions where user_id = $1 and id <> $2`, [userId, sessionId]);
}
