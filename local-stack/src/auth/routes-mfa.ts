import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import type { Queryable } from '../db/types.js';
import { AuthApiError, userNotFound, validationFailed } from './errors.js';
import { findUserById } from './users.js';
import { clientIp, readJson, requireUser, str, type AuthDeps, type Caller } from './http.js';
import { factorJson, factorsOf, MFA_CHALLENGE_EXPIRY_SECONDS, MFA_MAX_ENROLLED_FACTORS, newTotp, totpCodeMatches, type FactorRow } from './mfa.js';
import { insertRefreshToken, sessionResponse } from './sessions.js';
import { challengeWebAuthnFactor, requireMfaWebAuthn, verifyWebAuthnFactor } from './mfa-webauthn.js';

/** The amr entry a verified factor adds to the session (GoTrue's TOTPSignIn, MFAWebAuthn). */
const amrOf = (factorType: string) => (factorType === 'webauthn' ? 'mfa/webauthn' : 'totp');

const insufficientAal = (msg: string) => new AuthApiError(403, 'insufficient_aal', msg);
const factorNotFound = () => new AuthApiError(404, 'mfa_factor_not_found', 'Factor not found');

async function sessionAal(deps: AuthDeps, caller: Caller): Promise<string> {
  if (!caller.sessionId) return 'aal1';
  const r = await deps.ctx.db.admin((q) => q.query<{ aal: string | null }>(`select aal from auth.sessions where id = $1`, [caller.sessionId]));
  return r.rows[0]?.aal ?? 'aal1';
}

async function ownFactor(deps: AuthDeps, caller: Caller, id: string): Promise<FactorRow> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw factorNotFound();
  const r = await deps.ctx.db.admin((q) => q.query<FactorRow>(`select * from auth.mfa_factors where id = $1 and user_id = $2`, [id, caller.user.id]));
  if (!r.rows[0]) throw factorNotFound();
  return r.rows[0];
}

/**
 * GoTrue's TOTP factor endpoints (what supabase-js's auth.mfa calls): POST /factors (enrol),
 * POST /factors/{id}/challenge, POST /factors/{id}/verify (answers with a new aal2 session),
 * DELETE /factors/{id} (unenrol). Shapes and error codes follow GoTrue's internal/api/mfa.go.
 */
export function registerMfaRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;

  app.post('/factors', async (c) => {
    const caller = await requireUser(deps, c);
    const body = await readJson(c);
    const type = str(body.factor_type);
    if (type !== 'totp' && type !== 'webauthn') throw validationFailed(type === 'phone' ? 'phone factors are not enabled' : 'factor_type needs to be totp, phone or webauthn');
    if (type === 'webauthn') requireMfaWebAuthn(ctx.config, 'enroll');
    const friendly = (str(body.friendly_name) ?? '').trim();
    const issuer = str(body.issuer) || new URL(ctx.config.siteUrl).host;
    const factors = await ctx.db.admin((q) => factorsOf(q, caller.user.id));
    if (factors.length >= MFA_MAX_ENROLLED_FACTORS) throw new AuthApiError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
    if (factors.some((f) => f.status === 'verified') && (await sessionAal(deps, caller)) !== 'aal2') {
      throw insufficientAal('AAL2 required to enroll a new factor');
    }
    if (friendly && factors.some((f) => f.friendly_name === friendly)) {
      throw new AuthApiError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendly}" for this user already exists`);
    }
    if (type === 'webauthn') {
      // The credential comes with the first challenge's answer (mfa-webauthn.ts).
      const id = randomUUID();
      await ctx.db.admin((q) =>
        q.query(
          `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values ($1, $2, $3, 'webauthn', 'unverified', now(), now())`,
          [id, caller.user.id, friendly || null],
        ),
      );
      return c.json({ id, type: 'webauthn', friendly_name: friendly });
    }
    const totp = await newTotp(issuer, caller.user.email ?? caller.user.id);
    await ctx.db.admin((q) =>
      q.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [totp.id, caller.user.id, friendly || null, totp.secret],
      ),
    );
    return c.json({ id: totp.id, type: 'totp', friendly_name: friendly, totp: { qr_code: totp.qrSvg, secret: totp.secret, uri: totp.uri } });
  });

  app.post('/factors/:id/challenge', async (c) => {
    const caller = await requireUser(deps, c);
    const factor = await ownFactor(deps, caller, c.req.param('id'));
    const ip = clientIp(c);
    if (factor.factor_type === 'webauthn') {
      return c.json(await ctx.db.admin((q) => challengeWebAuthnFactor(q, ctx.config, caller.user, factor, /^[0-9a-f:.]+$/i.test(ip) ? ip : null)));
    }
    const id = randomUUID();
    const created = await ctx.db.admin(async (q) => {
      const r = await q.query<{ created_at: Date }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet) returning created_at`,
        [id, factor.id, /^[0-9a-f:.]+$/i.test(ip) ? ip : null],
      );
      await q.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
      return r.rows[0].created_at;
    });
    return c.json({ id, type: 'totp', expires_at: Math.floor(new Date(created).getTime() / 1000) + MFA_CHALLENGE_EXPIRY_SECONDS });
  });

  app.post('/factors/:id/verify', async (c) => {
    const caller = await requireUser(deps, c);
    const factor = await ownFactor(deps, caller, c.req.param('id'));
    const body = await readJson(c);
    const challengeId = str(body.challenge_id);
    const code = (str(body.code) ?? '').trim();
    if (!challengeId) throw validationFailed('challenge_id is required');
    if (!caller.sessionId) throw new AuthApiError(403, 'session_not_found', 'Session not found');
    const session = await ctx.db.admin(async (q) => {
      const ch = await q.query<{ created_at: Date; verified_at: Date | null; web_authn_session_data: { type: 'create' | 'request'; challenge: string } | null }>(
        `select created_at, verified_at, web_authn_session_data from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
        [challengeId, factor.id],
      );
      const challenge = ch.rows[0];
      if (!challenge) throw new AuthApiError(404, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
      if (challenge.verified_at || Date.now() - new Date(challenge.created_at).getTime() > MFA_CHALLENGE_EXPIRY_SECONDS * 1000) {
        await q.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
        return new AuthApiError(422, 'mfa_challenge_expired', `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`);
      }
      if (factor.factor_type === 'webauthn') {
        // A WebAuthn challenge is answered once, right or wrong: a replayed assertion finds nothing.
        await q.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
        const failed = challenge.web_authn_session_data
          ? await verifyWebAuthnFactor(q, ctx.config, caller.user, factor, challenge.web_authn_session_data, body)
          : new AuthApiError(422, 'mfa_verification_failed', 'WebAuthn verification failed');
        if (failed) return failed;
      } else if (!factor.secret || !totpCodeMatches(factor.secret, code)) {
        return new AuthApiError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
      }
      // A challenge is answered once; the factor is verified; the session is raised to aal2 with a
      // `totp` entry in its amr, and gets a fresh refresh token (the old ones of this session end).
      await q.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
      await q.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factor.id]);
      await q.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [caller.sessionId, factor.id]);
      await q.query(
        `insert into auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
         values ($1, now(), now(), $3, $2)
         on conflict (session_id, authentication_method) do update set updated_at = now()`,
        [caller.sessionId, randomUUID(), amrOf(factor.factor_type)],
      );
      await q.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked`, [caller.sessionId]);
      const refresh = await insertRefreshToken(q, caller.user.id, caller.sessionId!, null);
      return sessionResponse(ctx, q, caller.user.id, caller.sessionId!, refresh);
    });
    // Returned, not thrown, so that the spent challenge's deletion commits.
    if (session instanceof AuthApiError) throw session;
    return c.json(session);
  });

  app.delete('/factors/:id', async (c) => {
    const caller = await requireUser(deps, c);
    const factor = await ownFactor(deps, caller, c.req.param('id'));
    if (factor.status === 'verified' && (await sessionAal(deps, caller)) !== 'aal2') {
      throw insufficientAal('AAL2 required to unenroll verified factor');
    }
    await ctx.db.admin((q) => removeFactor(q, factor));
    return c.json({ id: factor.id });
  });

  // Admin (service_role; the /admin/* guard of routes-admin.ts checks the key): supabase-js's
  // auth.admin.mfa.listFactors and deleteFactor. GoTrue answers the list as an array and the
  // deletion with the deleted factor.
  app.get('/admin/users/:id/factors', async (c) => {
    const factors = await ctx.db.admin(async (q) => {
      const user = isUuid(c.req.param('id')) ? await findUserById(q, c.req.param('id')) : null;
      return user ? factorsOf(q, user.id) : null;
    });
    if (!factors) throw userNotFound();
    return c.json(factors.map(factorJson));
  });

  app.delete('/admin/users/:id/factors/:factorId', async (c) => {
    const factorId = c.req.param('factorId');
    const deleted = await ctx.db.admin(async (q) => {
      const user = isUuid(c.req.param('id')) ? await findUserById(q, c.req.param('id')) : null;
      if (!user) throw userNotFound();
      const r = isUuid(factorId) ? await q.query<FactorRow>(`select * from auth.mfa_factors where id = $1 and user_id = $2 for update`, [factorId, user.id]) : { rows: [] };
      if (!r.rows[0]) throw factorNotFound();
      await removeFactor(q, r.rows[0]);
      return r.rows[0];
    });
    return c.json(factorJson(deleted));
  });
}

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Deletes a factor; sessions that reached aal2 through it go back to aal1. */
async function removeFactor(q: Queryable, factor: FactorRow): Promise<void> {
  await q.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
  const sessions = await q.query<{ id: string }>(`update auth.sessions set aal = 'aal1', factor_id = null where factor_id = $1 returning id`, [factor.id]);
  for (const s of sessions.rows) await q.query(`delete from auth.mfa_amr_claims where session_id = $1 and authentication_method = $2`, [s.id, amrOf(factor.factor_type)]);
}
