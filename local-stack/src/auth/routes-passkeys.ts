import type { Context, Hono } from 'hono';
import type { Queryable } from '../db/types.js';
import { AuthApiError, validationFailed } from './errors.js';
import { clientIp, obj, readJson, requireUser, str, type AuthDeps, type Caller } from './http.js';
import { factorsOf } from './mfa.js';
import { authenticationOptions, registrationOptions, verifiedAssertionCounter, verifiedRegistration, type AuthenticationResponseJSON } from './relying-party.js';
import { sessionResponse, startSession } from './sessions.js';
import { findUserById } from './users.js';
import {
  consumeChallenge,
  passkeyJson,
  passkeysOf,
  storeChallenge,
  toBase64Url,
  verificationFailed,
  webAuthnSettings,
  type CredentialRow,
  type WebAuthnSettings,
} from './webauthn.js';

const passkeyNotFound = () => new AuthApiError(404, 'validation_failed', 'Passkey not found');
const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** GoTrue asks for aal2 to add or remove a passkey once the person has a verified second factor. */
async function requireManagementAal(deps: AuthDeps, caller: Caller): Promise<void> {
  const hasMfa = (await deps.ctx.db.admin((q) => factorsOf(q, caller.user.id))).some((f) => f.status === 'verified');
  if (hasMfa && caller.claims.aal !== 'aal2') {
    throw new AuthApiError(403, 'insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
  }
}

async function challengeAndCredential(c: Context): Promise<{ challengeId: string; credential: Record<string, unknown> }> {
  const body = await readJson(c);
  const challengeId = str(body.challenge_id);
  const credential = obj(body.credential);
  if (!challengeId) throw validationFailed('challenge_id is required');
  if (!credential) throw validationFailed('credential is required');
  return { challengeId, credential };
}

/**
 * GoTrue's passkey endpoints (what supabase-js's auth.passkey and admin.passkey call), shapes and
 * error codes as in GoTrue's internal/api/passkey_*.go: discoverable credentials (resident key
 * required), challenges single-use and short-lived, signature counters checked, the user handle is
 * the user id's UTF-8 bytes.
 */
export function registerPasskeyRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  const settings = () => webAuthnSettings(ctx.config);

  app.use('/passkeys/*', async (_c, next) => {
    if (!settings().passkeyEnabled) throw new AuthApiError(404, 'passkey_disabled', 'Passkeys are disabled');
    await next();
  });
  app.use('/passkeys', async (_c, next) => {
    if (!settings().passkeyEnabled) throw new AuthApiError(404, 'passkey_disabled', 'Passkeys are disabled');
    await next();
  });

  app.post('/passkeys/registration/options', async (c) => {
    const caller = await requireUser(deps, c);
    if (caller.user.is_anonymous) throw new AuthApiError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
    await requireManagementAal(deps, caller);
    const s = settings();
    const result = await ctx.db.admin(async (q) => {
      const existing = await passkeysOf(q, caller.user.id);
      if (existing.length >= s.maxPasskeys) throw new AuthApiError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
      const name = caller.user.email ?? caller.user.phone ?? caller.user.id;
      const display = caller.user.raw_user_meta_data?.name;
      const options = await registrationOptions(
        s,
        { userId: caller.user.id, userName: name, displayName: typeof display === 'string' && display ? display : name },
        { exclude: existing.map((p) => ({ id: toBase64Url(p.credential_id), transports: p.transports })), discoverable: true, timeoutMs: s.challengeSeconds * 1000 },
      );
      const stored = await storeChallenge(q, s, 'registration', caller.user.id, { challenge: options.challenge, userVerification: 'preferred' });
      return { challenge_id: stored.id, options, expires_at: stored.expiresAt };
    });
    return c.json(result);
  });

  app.post('/passkeys/registration/verify', async (c) => {
    const caller = await requireUser(deps, c);
    if (caller.user.is_anonymous) throw new AuthApiError(403, 'no_authorization', 'Anonymous user not allowed to perform these actions');
    await requireManagementAal(deps, caller);
    const { challengeId, credential } = await challengeAndCredential(c);
    const s = settings();
    const outcome = await ctx.db.admin(async (q) => {
      const challenge = await consumeChallenge(q, challengeId, 'registration', caller.user.id);
      if (challenge instanceof AuthApiError) return challenge;
      const info = await verifiedRegistration(s, credential, challenge.challenge);
      if (!info) return verificationFailed();
      const count = await q.query<{ n: number }>(`select count(*)::int as n from auth.webauthn_credentials where user_id = $1`, [caller.user.id]);
      if (count.rows[0].n >= s.maxPasskeys) return new AuthApiError(422, 'too_many_passkeys', 'Maximum number of passkeys reached');
      const taken = await q.query(`select 1 from auth.webauthn_credentials where credential_id = $1`, [Buffer.from(info.credential.id, 'base64url')]);
      if (taken.rows.length) return new AuthApiError(422, 'webauthn_credential_exists', 'This credential is already registered');
      const aaguid = /^[0-9a-f-]{36}$/i.test(info.aaguid) && !/^[0-]+$/.test(info.aaguid) ? info.aaguid : null;
      const r = await q.query<CredentialRow>(
        `insert into auth.webauthn_credentials
           (user_id, credential_id, public_key, attestation_type, aaguid, sign_count, transports, backup_eligible, backed_up, friendly_name)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10) returning *`,
        [
          caller.user.id,
          Buffer.from(info.credential.id, 'base64url'),
          Buffer.from(info.credential.publicKey),
          info.fmt,
          aaguid,
          info.credential.counter,
          JSON.stringify(info.credential.transports ?? []),
          info.credentialDeviceType === 'multiDevice',
          info.credentialBackedUp,
          'Passkey',
        ],
      );
      return r.rows[0];
    });
    // Returned, not thrown: the spent challenge's deletion commits.
    if (outcome instanceof AuthApiError) throw outcome;
    return c.json({ id: outcome.id, friendly_name: outcome.friendly_name, created_at: new Date(outcome.created_at).toISOString() });
  });

  app.post('/passkeys/authentication/options', async (c) => {
    const s = settings();
    const result = await ctx.db.admin(async (q) => {
      // Discoverable flow: no allowCredentials, the authenticator offers the passkeys it holds.
      const options = await authenticationOptions(s, { timeoutMs: s.challengeSeconds * 1000 });
      const stored = await storeChallenge(q, s, 'authentication', null, { challenge: options.challenge, userVerification: 'preferred' });
      return { challenge_id: stored.id, options, expires_at: stored.expiresAt };
    });
    return c.json(result);
  });

  app.post('/passkeys/authentication/verify', async (c) => {
    const { challengeId, credential } = await challengeAndCredential(c);
    const s = settings();
    const outcome = await ctx.db.admin(async (q) => {
      const challenge = await consumeChallenge(q, challengeId, 'authentication', null);
      if (challenge instanceof AuthApiError) return challenge;
      const response = credential as unknown as AuthenticationResponseJSON;
      const verified = await verifyAssertion(q, s, response, challenge.challenge, null);
      if (verified instanceof AuthApiError) return verified;
      const user = await findUserById(q, verified.user_id);
      if (!user) return verificationFailed();
      if (user.email && !user.email_confirmed_at) return new AuthApiError(403, 'email_not_confirmed', 'Email not confirmed');
      if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) return new AuthApiError(403, 'user_banned', 'User is banned');
      const session = await startSession(q, user, 'passkey', { userAgent: c.req.header('user-agent'), ip: clientIp(c) });
      return sessionResponse(ctx, q, user.id, session.sessionId, session.refreshToken);
    });
    if (outcome instanceof AuthApiError) throw outcome;
    return c.json(outcome);
  });

  app.get('/passkeys', async (c) => {
    const caller = await requireUser(deps, c);
    return c.json((await ctx.db.admin((q) => passkeysOf(q, caller.user.id))).map(passkeyJson));
  });

  app.patch('/passkeys/:id', async (c) => {
    const caller = await requireUser(deps, c);
    const id = c.req.param('id');
    if (!isUuid(id)) throw passkeyNotFound();
    const body = await readJson(c);
    const name = str(body.friendly_name) ?? '';
    if (!name) throw validationFailed('friendly_name is required');
    if (name.length > 120) throw validationFailed('friendly_name must be 120 characters or less');
    const row = await ctx.db.admin(async (q) => {
      const r = await q.query<CredentialRow>(
        `update auth.webauthn_credentials set friendly_name = $3, updated_at = now() where id = $1 and user_id = $2 returning *`,
        [id, caller.user.id, name],
      );
      return r.rows[0];
    });
    if (!row) throw passkeyNotFound();
    return c.json(passkeyJson(row));
  });

  app.delete('/passkeys/:id', async (c) => {
    const caller = await requireUser(deps, c);
    await requireManagementAal(deps, caller);
    const id = c.req.param('id');
    if (!isUuid(id)) throw passkeyNotFound();
    const gone = await ctx.db.admin((q) => q.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id`, [id, caller.user.id]));
    if (!gone.rows.length) throw passkeyNotFound();
    return c.body(null, 204);
  });

  // Admin (service_role; the /admin/* guard of routes-admin.ts checks the key).
  app.get('/admin/users/:id/passkeys', async (c) => {
    const rows = await ctx.db.admin(async (q) => {
      const user = await findUserById(q, c.req.param('id'));
      return user ? passkeysOf(q, user.id) : null;
    });
    if (!rows) throw new AuthApiError(404, 'user_not_found', 'User not found');
    return c.json(rows.map(passkeyJson));
  });

  app.delete('/admin/users/:id/passkeys/:passkeyId', async (c) => {
    const passkeyId = c.req.param('passkeyId');
    if (!isUuid(passkeyId)) throw passkeyNotFound();
    const result = await ctx.db.admin(async (q) => {
      const user = await findUserById(q, c.req.param('id'));
      if (!user) return 'no-user' as const;
      const r = await q.query(`delete from auth.webauthn_credentials where id = $1 and user_id = $2 returning id`, [passkeyId, user.id]);
      return r.rows.length ? ('deleted' as const) : ('no-passkey' as const);
    });
    if (result === 'no-user') throw new AuthApiError(404, 'user_not_found', 'User not found');
    if (result === 'no-passkey') throw passkeyNotFound();
    return c.body(null, 204);
  });
}

/**
 * Verifies an assertion against the stored credential it names: the signature over the challenge,
 * origin and RP id hash, and a signature counter that went up (a counter that did not is a cloned
 * authenticator or a replay: refused). The user handle must be the credential's owner, and when
 * `ownerId` is given (the second step) the credential must be that person's. Updates the counter
 * and last use.
 */
export async function verifyAssertion(
  q: Queryable,
  s: WebAuthnSettings,
  response: AuthenticationResponseJSON,
  challenge: string,
  ownerId: string | null,
): Promise<CredentialRow | AuthApiError> {
  const rawId = typeof response?.rawId === 'string' ? response.rawId : typeof response?.id === 'string' ? response.id : '';
  if (!rawId) return verificationFailed('Invalid credential response');
  const r = await q.query<CredentialRow>(`select * from auth.webauthn_credentials where credential_id = $1 for update`, [Buffer.from(rawId, 'base64url')]);
  const row = r.rows[0];
  // Supabase Auth answers a credential it does not hold (removed, never registered) as any failed
  // assertion: nothing tells a caller which credential ids exist.
  if (!row) return verificationFailed();
  const handle = response.response?.userHandle;
  if (handle && Buffer.from(handle, 'base64url').toString('utf8') !== row.user_id) return verificationFailed();
  if (ownerId && row.user_id !== ownerId) return verificationFailed();
  const newCounter = await verifiedAssertionCounter(s, response, challenge, {
    id: toBase64Url(row.credential_id),
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.sign_count),
    transports: row.transports,
  });
  if (newCounter === null) return verificationFailed();
  await q.query(`update auth.webauthn_credentials set sign_count = $2, last_used_at = now(), updated_at = now() where id = $1`, [row.id, newCounter]);
  return row;
}
