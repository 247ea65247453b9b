import { randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { settingsOf } from '../settings.js';
import { AuthApiError, validationFailed } from './errors.js';
import { clientIp, safeRedirect, withParams, type AuthDeps } from './http.js';
import { createFlowState, pkceParams } from './one-time-tokens.js';
import { sessionResponse, startSession } from './sessions.js';
import { googleClient } from './settings.js';
import { findUserByEmail, findUserById, insertUser, normaliseEmail, type UserRow } from './users.js';

interface GoogleProfile {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

const STATE_SECONDS = 600;

/** What GoTrue keeps in `user_metadata` for a Google user. */
function googleMetadata(p: GoogleProfile, iss: string): Record<string, unknown> {
  return {
    iss,
    sub: p.sub,
    name: p.name,
    email: p.email,
    picture: p.picture,
    full_name: p.name,
    avatar_url: p.picture,
    provider_id: p.sub,
    email_verified: p.email_verified === true,
    phone_verified: false,
  };
}

export function registerOAuthRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  const callbackUrl = () => `${ctx.config.publicUrl}/auth/v1/callback`;

  // supabase-js's signInWithOAuth navigates here (implicit), or adds code_challenge (PKCE).
  app.get('/authorize', async (c) => {
    const provider = c.req.query('provider');
    if (provider !== 'google') throw validationFailed('Unsupported provider: provider is not enabled');
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    const pkce = pkceParams(c.req.query('code_challenge'), c.req.query('code_challenge_method'));
    const flow = pkce ? await ctx.db.admin((q) => createFlowState(q, pkce, 'google', 'oauth', null)) : null;
    const state = await ctx.jwt.sign(
      { role: 'oauth_state', provider: 'google', referrer: redirectTo, site_url: ctx.config.siteUrl, flow_state_id: flow?.id ?? '', nonce: randomUUID() },
      STATE_SECONDS,
    );
    const scopes = ['openid', 'email', 'profile', ...(c.req.query('scopes') ?? '').split(/[\s,]+/).filter(Boolean)];
    const url = new URL(`${ctx.config.googleUrl}/o/oauth2/v2/auth`);
    url.searchParams.set('client_id', googleClient(settingsOf(ctx.config)).clientId);
    url.searchParams.set('redirect_uri', callbackUrl());
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', [...new Set(scopes)].join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('access_type', 'offline');
    for (const [k, v] of Object.entries(c.req.queries())) {
      // queryParams the app passes through (prompt, login_hint, …) go to Google as GoTrue does.
      if (['prompt', 'login_hint', 'hd', 'include_granted_scopes'].includes(k) && v[0]) url.searchParams.set(k, v[0]);
    }
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url: url.toString() });
    return c.redirect(url.toString(), 302);
  });

  const callback = async (c: Context) => {
    const params = c.req.method === 'POST' ? ((await c.req.parseBody()) as Record<string, string>) : c.req.query();
    let state: Record<string, unknown>;
    try {
      state = await ctx.jwt.verify(params.state ?? '');
      if (state.role !== 'oauth_state') throw new Error('not a state token');
    } catch {
      return c.redirect(
        withParams(ctx.config.siteUrl, { error: 'invalid_request', error_code: 'bad_oauth_state', error_description: 'OAuth state parameter is invalid' }, 'fragment'),
        302,
      );
    }
    const referrer = safeRedirect(ctx, typeof state.referrer === 'string' ? state.referrer : undefined);
    const flowStateId = typeof state.flow_state_id === 'string' && state.flow_state_id ? state.flow_state_id : null;
    const errorWhere = flowStateId ? 'query' : 'fragment';
    const fail = (error: string, description: string, code?: string) =>
      c.redirect(withParams(referrer, { error, error_code: code, error_description: description }, errorWhere), 302);

    if (params.error) return fail(params.error, params.error_description || 'The user denied the request', params.error);
    if (!params.code) return fail('invalid_request', 'OAuth callback with missing authorization code', 'bad_oauth_callback');

    // Exchange the code at Google (the emulator locally), then read who signed in.
    let tokens: { access_token: string; refresh_token?: string };
    let profile: GoogleProfile;
    try {
      const { clientId, secret } = googleClient(settingsOf(ctx.config));
      const tokenRes = await fetch(`${ctx.config.googleUrl}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: params.code, redirect_uri: callbackUrl(), client_id: clientId, client_secret: secret }),
      });
      const tokenBody = (await tokenRes.json()) as { access_token?: string; refresh_token?: string; error?: string; error_description?: string };
      if (!tokenRes.ok || !tokenBody.access_token) throw new Error(tokenBody.error_description ?? tokenBody.error ?? `HTTP ${tokenRes.status}`);
      tokens = { access_token: tokenBody.access_token, refresh_token: tokenBody.refresh_token };
      const infoRes = await fetch(`${ctx.config.googleUrl}/oauth2/v3/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      if (!infoRes.ok) throw new Error(`userinfo HTTP ${infoRes.status}`);
      profile = (await infoRes.json()) as GoogleProfile;
      if (!profile.sub || !profile.email) throw new Error('userinfo without sub or email');
    } catch (e) {
      ctx.log(`auth: google code exchange failed: ${(e as Error).message}`);
      return fail('server_error', `Unable to exchange external code: ${(e as Error).message}`, 'unexpected_failure');
    }

    const iss = 'https://accounts.google.com';
    const metadata = googleMetadata(profile, iss);
    const client = { userAgent: c.req.header('user-agent'), ip: clientIp(c) };
    const out = await ctx.db.admin(async (q) => {
      const ident = await q.query<{ user_id: string }>(`select user_id from auth.identities where provider = 'google' and provider_id = $1`, [profile.sub]);
      let user: UserRow | null = ident.rows[0] ? await findUserById(q, ident.rows[0].user_id) : null;
      if (user) {
        await q.query(`update auth.identities set identity_data = $2::jsonb, updated_at = now() where provider = 'google' and provider_id = $1`, [
          profile.sub,
          JSON.stringify(metadata),
        ]);
      } else {
        user = await findUserByEmail(q, profile.email);
        // GoTrue's automatic linking: only when Google vouches for the address AND the existing
        // account confirmed it too. Otherwise anyone could type a victim's address at the
        // provider (or pre-register it here) and take the account over.
        if (user && (profile.email_verified !== true || !user.email_confirmed_at)) {
          return { refused: true as const };
        }
        if (!user && profile.email_verified !== true && ctx.config.enableEmailConfirmations) return { unverified: true as const };
        if (user) {
          // Same verified address: GoTrue links the Google identity to the existing user.
          await q.query(
            `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at) values ($1, $2, $3::jsonb, 'google', now(), now())`,
            [profile.sub, user.id, JSON.stringify(metadata)],
          );
          const providers = new Set<string>([...(((user.raw_app_meta_data ?? {}).providers as string[] | undefined) ?? []), 'google']);
          await q.query(
            `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('providers', $2::jsonb),
                email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1`,
            [user.id, JSON.stringify([...providers])],
          );
        } else {
          user = await insertUser(
            q,
            {
              email: normaliseEmail(profile.email),
              passwordHash: null,
              userMetadata: metadata,
              appMetadata: { provider: 'google', providers: ['google'] },
              confirmed: profile.email_verified === true || !ctx.config.enableEmailConfirmations,
              signingIn: true,
            },
            { provider: 'google', providerId: profile.sub, data: metadata },
          );
        }
      }
      if (flowStateId) {
        const r = await q.query<{ auth_code: string }>(
          `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4, auth_code_issued_at = now(), updated_at = now()
            where id = $1 returning auth_code`,
          [flowStateId, user.id, tokens.access_token, tokens.refresh_token ?? null],
        );
        if (!r.rows[0]) throw new AuthApiError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
        return { code: r.rows[0].auth_code };
      }
      const s = await startSession(q, user, 'oauth', client, 'google');
      return { session: await sessionResponse(ctx, q, user.id, s.sessionId, s.refreshToken) };
    });
    if ('refused' in out) return fail('server_error', 'A user with this email address has already been registered', 'email_exists');
    if ('unverified' in out) return fail('server_error', 'Unverified email with google. Verify the address with google first', 'provider_email_needs_verification');
    if (out.code) return c.redirect(withParams(referrer, { code: out.code }, 'query'), 302);
    const s = out.session!;
    return c.redirect(
      withParams(
        referrer,
        {
          access_token: s.access_token,
          expires_at: s.expires_at,
          expires_in: s.expires_in,
          provider_refresh_token: tokens.refresh_token,
          provider_token: tokens.access_token,
          refresh_token: s.refresh_token,
          token_type: 'bearer',
        },
        'fragment',
      ),
      302,
    );
  };
  app.get('/callback', callback);
  app.post('/callback', callback);
}

