import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { jwtVerify, SignJWT } from 'jose';
import type { StackContext } from '../context.js';
import { consentPage, errorPage } from './consent-page.js';
import { ACCESS_TOKEN_SECONDS, type AuthRequest, type GoogleAccount, type GoogleState } from './state.js';

// The emulator signs its id_tokens with a fixed key (Google uses RS256 + JWKS; nobody should
// verify emulator id_tokens as if they were Google's).
const ID_TOKEN_KEY = new TextEncoder().encode('dossier-google-emulator-id-token-key');
const ISSUER = 'https://accounts.google.com';

function oauthError(c: Context, status: 400 | 401, error: string, description: string): Response {
  return c.json({ error, error_description: description }, status);
}

function redirectWith(uri: string, params: Record<string, string | undefined>, where: 'query' | 'fragment'): string {
  const u = new URL(uri);
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) p.set(k, v);
  if (where === 'query') for (const [k, v] of p) u.searchParams.set(k, v);
  else u.hash = p.toString();
  return u.toString();
}

async function idToken(account: GoogleAccount, clientId: string, nonce?: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: account.email,
    email_verified: account.email_verified,
    name: account.name,
    given_name: account.given_name,
    family_name: account.family_name,
    picture: account.picture,
    azp: clientId,
    ...(nonce ? { nonce } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(clientId)
    .setSubject(account.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + ACCESS_TOKEN_SECONDS)
    .sign(ID_TOKEN_KEY);
}

async function formOrJson(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const b = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(b).map(([k, v]) => [k, String(v)]));
  }
  const b = await c.req.parseBody();
  return Object.fromEntries(Object.entries(b).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
}

function pkceOk(method: string | undefined, challenge: string, verifier: string | undefined): boolean {
  if (!verifier) return false;
  if ((method ?? 'plain').toUpperCase() === 'S256') return createHash('sha256').update(verifier).digest('base64url') === challenge;
  return verifier === challenge;
}

function profile(a: GoogleAccount) {
  return { sub: a.sub, name: a.name, given_name: a.given_name, family_name: a.family_name, picture: a.picture, email: a.email, email_verified: a.email_verified };
}

/** Google's OAuth 2.0 / OpenID Connect endpoints, as far as sign-in and Drive consent need them. */
export function registerOAuthRoutes(app: Hono, state: GoogleState, ctx: StackContext): void {
  const base = () => ctx.config.googleUrl;

  const authorize = (c: Context) => {
    const q = c.req.query();
    const clientId = q.client_id;
    const redirectUri = q.redirect_uri;
    if (!clientId) return c.html(errorPage('Error 400: invalid_request', 'Missing required parameter: client_id'), 400);
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return c.html(errorPage('Error 400: invalid_request', 'Missing required parameter: redirect_uri'), 400);
    const responseType = q.response_type;
    if (responseType !== 'code' && responseType !== 'token') {
      return c.redirect(redirectWith(redirectUri, { error: 'unsupported_response_type', state: q.state }, 'query'), 302);
    }
    if (!q.scope) return c.redirect(redirectWith(redirectUri, { error: 'invalid_request', error_description: 'Missing required parameter: scope', state: q.state }, responseType === 'token' ? 'fragment' : 'query'), 302);
    const request: Omit<AuthRequest, 'createdAt'> = {
      clientId,
      redirectUri,
      responseType,
      scope: q.scope,
      state: q.state,
      nonce: q.nonce,
      codeChallenge: q.code_challenge,
      codeChallengeMethod: q.code_challenge_method,
      loginHint: q.login_hint,
      accessType: q.access_type,
    };
    const id = state.startRequest(request);
    return c.html(consentPage(id, { ...request, createdAt: Date.now() }, [...state.accounts.values()]));
  };
  app.get('/o/oauth2/v2/auth', authorize);
  app.get('/o/oauth2/auth', authorize);

  app.post('/o/oauth2/v2/auth/decision', async (c) => {
    const form = await formOrJson(c);
    const request = state.takeRequest(form.request_id ?? '');
    if (!request) return c.html(errorPage('Error 400: invalid_request', 'This sign-in request has expired or was already answered. Start again from the app.'), 400);
    const where = request.responseType === 'token' ? 'fragment' : 'query';
    if (form.decision !== 'allow') {
      return c.redirect(redirectWith(request.redirectUri, { error: 'access_denied', state: request.state }, where), 302);
    }
    let account: GoogleAccount | undefined;
    if (form.account === 'other' || (!form.account && form.other_email)) {
      const email = (form.other_email ?? '').trim();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        const id = state.startRequest(request);
        return c.html(consentPage(id, request, [...state.accounts.values()], 'Enter a valid e-mail address for the other account.'), 400);
      }
      // The emulator does not own typed addresses: unverified unless the tester ticks the box.
      account = state.addAccount(form.other_name ?? '', email, form.other_verified === 'on' || form.other_verified === 'true');
    } else {
      account = state.accounts.get((form.account ?? '').toLowerCase());
    }
    if (!account) {
      const id = state.startRequest(request);
      return c.html(consentPage(id, request, [...state.accounts.values()], 'Choose an account.'), 400);
    }
    if (request.responseType === 'token') {
      const access = state.issueAccessToken(account, request.clientId, request.scope);
      return c.redirect(
        redirectWith(request.redirectUri, { access_token: access, token_type: 'Bearer', expires_in: String(ACCESS_TOKEN_SECONDS), scope: request.scope, state: request.state }, 'fragment'),
        302,
      );
    }
    const code = state.issueCode(request, account);
    return c.redirect(redirectWith(request.redirectUri, { state: request.state, code, scope: request.scope, authuser: '0', prompt: 'consent' }, 'query'), 302);
  });

  const tokenEndpoint = async (c: Context) => {
    const form = await formOrJson(c);
    // Client credentials may come in the body or as HTTP Basic.
    const basic = /^basic\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      form.client_id ??= decodeURIComponent(id ?? '');
      form.client_secret ??= decodeURIComponent(secret ?? '');
    }
    if (!form.client_id) return oauthError(c, 401, 'invalid_client', 'The OAuth client was not found.');
    if (form.grant_type === 'authorization_code') {
      if (!form.code) return oauthError(c, 400, 'invalid_request', 'Missing required parameter: code');
      const grant = state.takeCode(form.code);
      if (!grant) return oauthError(c, 400, 'invalid_grant', 'Malformed auth code.');
      if (grant.request.clientId !== form.client_id) return oauthError(c, 400, 'invalid_grant', 'Unauthorized');
      if (grant.request.redirectUri !== form.redirect_uri) return oauthError(c, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (grant.request.codeChallenge) {
        if (!pkceOk(grant.request.codeChallengeMethod, grant.request.codeChallenge, form.code_verifier)) return oauthError(c, 400, 'invalid_grant', 'Invalid code verifier.');
      } else if (!form.client_secret) {
        return oauthError(c, 400, 'invalid_request', 'client_secret is missing.');
      }
      const { account, request } = grant;
      return c.json({
        access_token: state.issueAccessToken(account, request.clientId, request.scope),
        expires_in: ACCESS_TOKEN_SECONDS,
        refresh_token: state.issueRefreshToken(account, request.clientId, request.scope),
        scope: request.scope,
        token_type: 'Bearer',
        id_token: await idToken(account, request.clientId, request.nonce),
      });
    }
    if (form.grant_type === 'refresh_token') {
      const grant = state.refreshGrant(form.refresh_token ?? '');
      if (!grant || grant.clientId !== form.client_id) return oauthError(c, 400, 'invalid_grant', 'Token has been expired or revoked.');
      return c.json({
        access_token: state.issueAccessToken(grant.account, grant.clientId, grant.scope),
        expires_in: ACCESS_TOKEN_SECONDS,
        scope: grant.scope,
        token_type: 'Bearer',
        id_token: await idToken(grant.account, grant.clientId),
      });
    }
    return oauthError(c, 400, 'unsupported_grant_type', `Invalid grant_type: ${form.grant_type ?? ''}`);
  };
  app.post('/token', tokenEndpoint);
  app.post('/oauth2/v4/token', tokenEndpoint);

  const bearerGrant = (c: Context) => {
    const t = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? c.req.query('access_token') ?? '';
    return state.accessGrant(t);
  };
  const userinfo = (c: Context) => {
    const g = bearerGrant(c);
    if (!g) return oauthError(c, 401, 'invalid_request', 'Invalid Credentials');
    return c.json(profile(g.account));
  };
  app.get('/oauth2/v3/userinfo', userinfo);
  app.get('/v1/userinfo', userinfo);
  app.get('/openidconnect/v1/userinfo', userinfo);
  app.get('/oauth2/v2/userinfo', (c) => {
    const g = bearerGrant(c);
    if (!g) return c.json({ error: { code: 401, message: 'Request is missing required authentication credential.', status: 'UNAUTHENTICATED' } }, 401);
    const a = g.account;
    return c.json({ id: a.sub, email: a.email, verified_email: a.email_verified, name: a.name, given_name: a.given_name, family_name: a.family_name, picture: a.picture });
  });

  const tokeninfo = async (c: Context) => {
    const q = c.req.method === 'POST' ? await formOrJson(c) : c.req.query();
    if (q.access_token) {
      const g = state.accessGrant(q.access_token);
      if (!g) return oauthError(c, 400, 'invalid_token', 'Invalid Value');
      return c.json({
        azp: g.clientId,
        aud: g.clientId,
        sub: g.account.sub,
        scope: g.scope,
        exp: String(Math.floor(g.expiresAt / 1000)),
        expires_in: String(Math.max(0, Math.floor((g.expiresAt - Date.now()) / 1000))),
        email: g.account.email,
        email_verified: 'true',
        access_type: 'online',
      });
    }
    if (q.id_token) {
      try {
        const { payload } = await jwtVerify(q.id_token, ID_TOKEN_KEY, { issuer: ISSUER });
        return c.json(Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, typeof v === 'number' || typeof v === 'boolean' ? String(v) : v])));
      } catch {
        return oauthError(c, 400, 'invalid_token', 'Invalid Value');
      }
    }
    return oauthError(c, 400, 'invalid_request', 'Either access_token, id_token, or token_handle required');
  };
  app.get('/tokeninfo', tokeninfo);
  app.post('/tokeninfo', tokeninfo);
  app.get('/oauth2/v3/tokeninfo', tokeninfo);

  app.post('/revoke', async (c) => {
    const q = { ...c.req.query(), ...(await formOrJson(c)) };
    return state.revoke(q.token ?? '') ? c.json({}) : oauthError(c, 400, 'invalid_token', 'Token expired or revoked');
  });

  app.get('/.well-known/openid-configuration', (c) =>
    c.json({
      issuer: ISSUER,
      authorization_endpoint: `${base()}/o/oauth2/v2/auth`,
      token_endpoint: `${base()}/token`,
      userinfo_endpoint: `${base()}/v1/userinfo`,
      revocation_endpoint: `${base()}/revoke`,
      jwks_uri: `${base()}/oauth2/v3/certs`,
      response_types_supported: ['code', 'token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['HS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      claims_supported: ['aud', 'email', 'email_verified', 'exp', 'family_name', 'given_name', 'iat', 'iss', 'name', 'picture', 'sub'],
      code_challenge_methods_supported: ['plain', 'S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
    }),
  );
}
