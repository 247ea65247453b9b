import { existsSync } from 'node:fs';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import type { StackContext } from '../context.js';
import { googleClient } from '../auth/settings.js';
import { settingsOf, type StackSettings } from '../settings.js';
import { tomlValue } from '../auth/supabase-toml.js';
import { functionEnv, type FunctionHandler } from './deno-shim.js';
import { loadFunction } from './loader.js';
import { BodyTooLargeError, readBodyLimited } from '../http/json-body.js';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** Request bodies a function receives, read as a stream (Supabase's edge runtime caps them too). */
export const FUNCTION_BODY_LIMIT = 20 * 1024 * 1024;

/**
 * The gateway's own answers (unknown function, missing JWT, boot error) grant CORS only to the
 * app's origins (CORS_ORIGINS), like the functions themselves (supabase/functions/_shared/cors.ts).
 */
function gatewayCors(ctx: StackContext, c: Context): Record<string, string> {
  const origin = c.req.header('origin');
  if (!origin || !ctx.config.corsOrigins.includes(origin)) return { Vary: 'Origin' };
  return {
    'Access-Control-Allow-Origin': origin,
    'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    Vary: 'Origin',
  };
}

/** The folder functions are served from (StackConfig.functionsDir). */
export const functionsDir = (ctx: StackContext): string => ctx.config.functionsDir ?? path.join(ctx.config.supabaseDir, 'functions');

/**
 * The project folder whose config.toml holds the functions' settings: the repository's supabase/
 * for its own functions; for a configured folder, the folder above it when that has a config.toml
 * (a project's `supabase/functions` → `supabase/config.toml`, as `supabase functions serve` reads
 * it), and none otherwise — the repository's `[functions.<name>]` must not reach another
 * project's function that happens to share a name.
 */
export function functionsConfigDir(ctx: StackContext): string | null {
  const configured = ctx.config.functionsDir;
  if (!configured || path.resolve(configured) === path.join(ctx.config.supabaseDir, 'functions')) return ctx.config.supabaseDir;
  const parent = path.dirname(path.resolve(configured));
  return existsSync(path.join(parent, 'config.toml')) ? parent : null;
}

/** `[functions.<name>] verify_jwt = false` in the project's config.toml turns the gateway's JWT check off. */
export function verifyJwtSetting(configDir: string | null, name: string): boolean {
  return configDir === null || tomlValue(configDir, `functions.${name}`, 'verify_jwt') !== false;
}

/** The environment Supabase gives every function, plus the local Google emulator's endpoints. */
function envFor(ctx: StackContext): Record<string, string> {
  const settings = settingsOf(ctx.config);
  const google = googleClient(settings);
  return {
    SUPABASE_URL: ctx.config.publicUrl,
    SUPABASE_ANON_KEY: ctx.config.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.config.serviceRoleKey,
    SUPABASE_DB_URL: ctx.config.databaseUrl ?? '',
    // The app's public address: product mail's action links start with it (as set in the secrets on hosted).
    SITE_URL: ctx.config.siteUrl,
    GOOGLE_CLIENT_ID: settings.GOOGLE_CLIENT_ID ?? google.clientId,
    GOOGLE_CLIENT_SECRET: settings.GOOGLE_CLIENT_SECRET ?? google.secret,
    GOOGLE_TOKEN_URL: settings.GOOGLE_TOKEN_URL ?? `${ctx.config.googleUrl}/token`,
    // The deployment's app origins: the only ones a function grants CORS (ADR 0312).
    APP_ORIGINS: ctx.config.corsOrigins.join(','),
    ...stripeEnv(ctx, settings),
  };
}

/**
 * Stripe for the payment functions: the local emulator, unless STRIPE_SECRET_KEY is set in the
 * stack's environment (then Stripe's own API, e.g. test mode, with STRIPE_WEBHOOK_SECRET).
 */
function stripeEnv(ctx: StackContext, settings: StackSettings): Record<string, string> {
  if (settings.STRIPE_SECRET_KEY) {
    const env: Record<string, string> = { STRIPE_SECRET_KEY: settings.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: settings.STRIPE_WEBHOOK_SECRET ?? '' };
    if (settings.STRIPE_API_HOST) env.STRIPE_API_HOST = settings.STRIPE_API_HOST;
    if (settings.STRIPE_API_PORT !== undefined) env.STRIPE_API_PORT = String(settings.STRIPE_API_PORT);
    if (settings.STRIPE_API_PROTOCOL) env.STRIPE_API_PROTOCOL = settings.STRIPE_API_PROTOCOL;
    return env;
  }
  if (!ctx.config.stripe || !ctx.config.stripeUrl) return {};
  const url = new URL(ctx.config.stripeUrl);
  return {
    STRIPE_SECRET_KEY: ctx.config.stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: ctx.config.stripe.webhookSecret,
    STRIPE_API_HOST: url.hostname,
    STRIPE_API_PORT: url.port,
    STRIPE_API_PROTOCOL: url.protocol.replace(':', ''),
  };
}

/**
 * /functions/v1/<name>: runs supabase/functions/<name>/index.ts like Supabase's edge runtime — the
 * gateway checks the JWT (unless verify_jwt = false), the request reaches the handler with its
 * Authorization header intact, and the function reads SUPABASE_URL and the keys from Deno.env.
 */
export function createFunctionsApp(ctx: StackContext): Hono {
  const app = new Hono();

  const invoke = async (c: Context) => {
    const name = c.req.param('name') ?? '';
    const corsHeaders = gatewayCors(ctx, c);
    const file = path.join(functionsDir(ctx), name, 'index.ts');
    if (!NAME.test(name) || name.startsWith('_') || !existsSync(file)) {
      if (c.req.method === 'OPTIONS') return c.body('ok', 200, corsHeaders);
      return c.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404, corsHeaders);
    }
    // A preflight carries no Authorization: as on Supabase, it reaches the function, whose own
    // CORS headers answer it (the gateway does not replace them).
    if (c.req.method !== 'OPTIONS' && verifyJwtSetting(functionsConfigDir(ctx), name)) {
      const token = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
      // The relay marks its own refusals (x-relay-error), so clients (functions-js: FunctionsRelayError)
      // tell them from a function's 401.
      const refused = { ...corsHeaders, 'x-relay-error': 'true' };
      if (!token) return c.json({ code: 401, message: 'Missing authorization header' }, 401, refused);
      try {
        await ctx.jwt.verify(token);
      } catch {
        return c.json({ code: 401, message: 'Invalid JWT' }, 401, refused);
      }
    }
    let handler: FunctionHandler;
    try {
      handler = await loadFunction(file);
    } catch (e) {
      ctx.log(`functions: ${name} failed to load: ${(e as Error).stack ?? (e as Error).message}`);
      return c.json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503, corsHeaders);
    }
    // The function sees its own path (/<name>/…), as on Supabase's edge runtime.
    const url = new URL(c.req.url);
    const inner = url.pathname.replace(/^.*?\/functions\/v1(?=\/)/, '');
    let body: Uint8Array<ArrayBuffer> | undefined;
    try {
      body = c.req.method === 'GET' || c.req.method === 'HEAD' ? undefined : await readBodyLimited(c.req.raw, FUNCTION_BODY_LIMIT);
    } catch (e) {
      if (!(e instanceof BodyTooLargeError)) throw e;
      return c.json({ code: 'PAYLOAD_TOO_LARGE', message: e.message }, 413, { ...corsHeaders, Connection: 'close' });
    }
    const request = new Request(`${url.origin}${inner}${url.search}`, { method: c.req.method, headers: c.req.raw.headers, body });
    try {
      const res = await functionEnv.run(envFor(ctx), () => handler(request));
      // Duck-typed: under Jest the function's Response class may come from another realm.
      if (!res || typeof (res as Response).status !== 'number' || !(res as Response).headers) throw new Error('the handler did not return a Response');
      return res;
    } catch (e) {
      ctx.log(`functions: ${name} threw: ${(e as Error).stack ?? (e as Error).message}`);
      return c.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500, corsHeaders);
    }
  };

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  return app;
}
