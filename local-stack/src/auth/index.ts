import { Hono } from 'hono';
import type { StackContext } from '../context.js';
import { API_VERSION, API_VERSION_HEADER, AuthApiError, authErrorResponse } from './errors.js';
import { type AuthDeps } from './http.js';
import { apiKeyRole } from '../http/api-keys.js';
import { BodyTooLargeError } from '../http/json-body.js';
import { RateLimiter } from './rate-limit.js';
import { anonymousSignInsEnabled } from './anonymous.js';
import { registerAdminRoutes } from './routes-admin.js';
import { registerEmailRoutes } from './routes-email.js';
import { registerOAuthRoutes } from './routes-oauth.js';
import { registerMfaRoutes } from './routes-mfa.js';
import { registerPasskeyRoutes } from './routes-passkeys.js';
import { registerReauthenticationRoutes } from './reauthentication.js';
import { registerOAuthClientRoutes } from './routes-oauth-clients.js';

// Paths the browser reaches by navigation (no apikey header possible), as Supabase's gateway allows.
// The JWKS holds public keys only; verifiers fetch it without an API key.
const OPEN_PATHS = new Set(['/authorize', '/callback', '/verify', '/.well-known/jwks.json']);

/**
 * GoTrue-compatible auth API, mounted at /auth/v1: what supabase-js's auth client calls, in
 * GoTrue's request and response shapes, over auth.users and the tables of 11-auth-sessions.sql.
 */
export function createAuthApp(ctx: StackContext): Hono {
  const app = new Hono();
  const deps: AuthDeps = { ctx, limiter: new RateLimiter() };

  app.use('*', async (c, next) => {
    c.header(API_VERSION_HEADER, API_VERSION);
    const sub = c.req.path.replace(/^.*?\/auth\/v1/, '') || '/';
    if (!OPEN_PATHS.has(sub) && c.req.method !== 'OPTIONS') {
      const key = c.req.header('apikey') ?? c.req.query('apikey');
      // Only the installation's keys are API keys (a user's access token is not).
      if (!apiKeyRole(ctx.config, key)) return c.json({ message: key ? 'Invalid API key' : 'No API key found in request', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
    }
    await next();
  });

  app.onError((e, c) => {
    c.header(API_VERSION_HEADER, API_VERSION);
    if (e instanceof AuthApiError) return authErrorResponse(c, e);
    if (e instanceof BodyTooLargeError) return authErrorResponse(c, new AuthApiError(413, 'request_too_large', e.message));
    ctx.log(`auth: unexpected error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    return authErrorResponse(c, new AuthApiError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });

  app.get('/health', (c) => c.json({ version: 'v2-local', name: 'GoTrue', description: 'GoTrue-compatible auth of the Dossier local stack' }));

  // GoTrue caches its JWKS for 10 minutes; supabase-js's getClaims verifies sessions with it.
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(ctx.jwt.jwks());
  });

  app.get('/settings', (c) =>
    c.json({
      external: { anonymous_users: anonymousSignInsEnabled(ctx.config), apple: false, azure: false, email: true, github: false, google: true, phone: false, saml: false },
      disable_signup: false,
      mailer_autoconfirm: !ctx.config.enableEmailConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  registerEmailRoutes(app, deps);
  registerOAuthRoutes(app, deps);
  registerAdminRoutes(app, deps);
  registerMfaRoutes(app, deps);
  registerPasskeyRoutes(app, deps);
  registerReauthenticationRoutes(app, deps);
  registerOAuthClientRoutes(app, deps);

  // Mounted with app.route(), a sub-app's notFound is not consulted (the parent's plain-text 404
  // answers): a catch-all registered last keeps GoTrue's JSON error shape for unknown routes.
  app.all('*', (c) => authErrorResponse(c, new AuthApiError(404, 'not_found', 'Not Found')));
  app.notFound((c) => authErrorResponse(c, new AuthApiError(404, 'not_found', 'Not Found')));
  return app;
}
