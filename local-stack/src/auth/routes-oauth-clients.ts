import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { StackConfig } from '../context.js';
import { AuthApiError, validationFailed } from './errors.js';
import { obj, pageHeaders, pageParams, readJson, str, type AuthDeps } from './http.js';
import { settingsOf, type StackSettings } from '../settings.js';
import { authSwitch } from './supabase-toml.js';

declare module '../context.js' {
  interface StackConfig {
    /** Overrides `[auth.oauth_server] enabled` / GOTRUE_OAUTH_SERVER_ENABLED (tests). */
    oauthServer?: boolean;
  }
}

/** `[auth.oauth_server] enabled` (off in Dossier's config), GOTRUE_OAUTH_SERVER_ENABLED over it. */
export function oauthServerEnabled(config: StackConfig, settings: StackSettings = settingsOf(config)): boolean {
  return authSwitch(config.oauthServer, settings.GOTRUE_OAUTH_SERVER_ENABLED, config.supabaseDir, 'auth.oauth_server', 'enabled');
}

interface ClientRow {
  id: string;
  client_type: string;
  token_endpoint_auth_method: string;
  registration_type: string;
  client_name: string | null;
  client_uri: string | null;
  logo_uri: string | null;
  redirect_uris: string;
  grant_types: string;
  scope: string | null;
  created_at: Date;
  updated_at: Date;
}

const GRANT_TYPES = ['authorization_code', 'refresh_token'];
const AUTH_METHODS = ['client_secret_basic', 'client_secret_post', 'none'];
const MAX_REDIRECT_URIS = 20;
const notFound = () => new AuthApiError(404, 'oauth_client_not_found', 'OAuth client not found');
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
/** Only a hash is kept: the secret is shown once (registration, regeneration). */
const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

function clientJson(r: ClientRow, secret?: string): Record<string, unknown> {
  return {
    client_id: r.id,
    client_name: r.client_name ?? '',
    ...(secret ? { client_secret: secret } : {}),
    client_type: r.client_type,
    token_endpoint_auth_method: r.token_endpoint_auth_method,
    registration_type: r.registration_type,
    ...(r.client_uri ? { client_uri: r.client_uri } : {}),
    ...(r.logo_uri ? { logo_uri: r.logo_uri } : {}),
    redirect_uris: r.redirect_uris.split(',').filter(Boolean),
    grant_types: r.grant_types.split(',').filter(Boolean),
    response_types: ['code'],
    ...(r.scope ? { scope: r.scope } : {}),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

/** An absolute http(s) URI (or an app's own scheme) without a fragment, as OAuth 2.1 requires. */
function checkUri(name: string, value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) throw validationFailed(`${name} must be a valid URI`);
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw validationFailed(`${name} must be a valid URI: ${value}`);
  }
  if (u.hash) throw validationFailed(`${name} must not contain a fragment: ${value}`);
  if (/^(javascript|data|file|vbscript):$/i.test(u.protocol)) throw validationFailed(`${name} uses a scheme that is not allowed: ${value}`);
  return value;
}

function redirectUris(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw validationFailed('redirect_uris is required and must contain at least one URI');
  if (value.length > MAX_REDIRECT_URIS) throw validationFailed(`redirect_uris may hold at most ${MAX_REDIRECT_URIS} URIs`);
  // Stored comma-separated (GoTrue's column): a URI with a comma cannot be stored faithfully.
  return value.map((v) => {
    const uri = checkUri('redirect_uris', v);
    if (uri.includes(',')) throw validationFailed(`redirect_uris must not contain commas: ${uri}`);
    return uri;
  });
}

function grantTypes(value: unknown): string[] {
  if (value === undefined) return GRANT_TYPES;
  if (!Array.isArray(value) || value.length === 0 || value.some((g) => !GRANT_TYPES.includes(g as string))) {
    throw validationFailed(`grant_types must be a non-empty list of: ${GRANT_TYPES.join(', ')}`);
  }
  return [...new Set(value as string[])];
}

function clientName(value: unknown, required: boolean): string | undefined {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || !value.trim()) throw validationFailed('client_name is required');
  if (value.length > 1024) throw validationFailed('client_name must be at most 1024 characters');
  return value;
}

/**
 * GoTrue's OAuth 2.1 server admin API (supabase-js's `auth.admin.oauth`): register, list, read,
 * update, delete clients and regenerate a secret, with the service_role key (the /admin/* guard of
 * routes-admin.ts). 404 while `[auth.oauth_server]` is off. The authorization endpoints of the
 * OAuth server itself are not served.
 */
export function registerOAuthClientRoutes(app: Hono, deps: AuthDeps): void {
  const { ctx } = deps;
  const base = '/admin/oauth/clients';
  const enabled = () => {
    if (!oauthServerEnabled(ctx.config)) throw new AuthApiError(404, 'oauth_server_disabled', 'OAuth server is not enabled');
  };
  const find = async (c: Context): Promise<ClientRow> => {
    const id = c.req.param('id') ?? '';
    if (!isUuid(id)) throw notFound();
    const r = await ctx.db.admin((q) => q.query<ClientRow>(`select * from auth.oauth_clients where id = $1 and deleted_at is null`, [id]));
    if (!r.rows[0]) throw notFound();
    return r.rows[0];
  };

  app.post(base, async (c) => {
    enabled();
    const body = await readJson(c);
    const name = clientName(body.client_name, true)!;
    const uris = redirectUris(body.redirect_uris);
    const grants = grantTypes(body.grant_types);
    if (body.response_types !== undefined && !(Array.isArray(body.response_types) && body.response_types.every((t) => t === 'code'))) {
      throw validationFailed('response_types must be ["code"]');
    }
    const method = str(body.token_endpoint_auth_method) ?? 'client_secret_basic';
    if (!AUTH_METHODS.includes(method)) throw validationFailed(`token_endpoint_auth_method must be one of: ${AUTH_METHODS.join(', ')}`);
    const clientUri = body.client_uri === undefined ? null : checkUri('client_uri', body.client_uri);
    const logoUri = body.logo_uri === undefined ? null : checkUri('logo_uri', body.logo_uri);
    const scope = str(body.scope) ?? null;
    const confidential = method !== 'none';
    const secret = confidential ? randomBytes(32).toString('base64url') : undefined;
    const r = await ctx.db.admin((q) =>
      q.query<ClientRow>(
        `insert into auth.oauth_clients (id, client_secret_hash, client_type, token_endpoint_auth_method, client_name, client_uri, logo_uri, redirect_uris, grant_types, scope)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
        [randomUUID(), secret ? secretHash(secret) : null, confidential ? 'confidential' : 'public', method, name, clientUri, logoUri, uris.join(','), grants.join(','), scope],
      ),
    );
    return c.json(clientJson(r.rows[0], secret), 201);
  });

  app.get(base, async (c) => {
    enabled();
    const { page, perPage } = pageParams(c);
    const { rows, total } = await ctx.db.admin(async (q) => {
      const count = await q.query<{ n: number }>(`select count(*)::int as n from auth.oauth_clients where deleted_at is null`);
      const r = await q.query<ClientRow>(`select * from auth.oauth_clients where deleted_at is null order by created_at desc, id limit $1 offset $2`, [perPage, (page - 1) * perPage]);
      return { rows: r.rows, total: count.rows[0].n };
    });
    pageHeaders(c, `${ctx.config.publicUrl}/auth/v1${base}`, page, perPage, total);
    return c.json({ clients: rows.map((r) => clientJson(r)), aud: 'authenticated' });
  });

  app.get(`${base}/:id`, async (c) => {
    enabled();
    return c.json(clientJson(await find(c)));
  });

  app.put(`${base}/:id`, async (c) => {
    enabled();
    const current = await find(c);
    const body = await readJson(c);
    const patch = obj(body) ?? {};
    const name = clientName(patch.client_name, false);
    const uris = patch.redirect_uris === undefined ? undefined : redirectUris(patch.redirect_uris);
    const grants = patch.grant_types === undefined ? undefined : grantTypes(patch.grant_types);
    const clientUri = patch.client_uri === undefined ? undefined : checkUri('client_uri', patch.client_uri);
    const logoUri = patch.logo_uri === undefined ? undefined : checkUri('logo_uri', patch.logo_uri);
    const r = await ctx.db.admin((q) =>
      q.query<ClientRow>(
        `update auth.oauth_clients set client_name = coalesce($2, client_name), redirect_uris = coalesce($3, redirect_uris), grant_types = coalesce($4, grant_types),
            client_uri = coalesce($5, client_uri), logo_uri = coalesce($6, logo_uri), updated_at = now()
          where id = $1 and deleted_at is null returning *`,
        [current.id, name ?? null, uris?.join(',') ?? null, grants?.join(',') ?? null, clientUri ?? null, logoUri ?? null],
      ),
    );
    if (!r.rows[0]) throw notFound();
    return c.json(clientJson(r.rows[0]));
  });

  app.delete(`${base}/:id`, async (c) => {
    enabled();
    const current = await find(c);
    await ctx.db.admin((q) => q.query(`delete from auth.oauth_clients where id = $1`, [current.id]));
    return c.body(null, 204);
  });

  app.post(`${base}/:id/regenerate_secret`, async (c) => {
    enabled();
    const current = await find(c);
    if (current.client_type !== 'confidential') throw validationFailed('Only confidential clients have a client secret');
    const secret = randomBytes(32).toString('base64url');
    const r = await ctx.db.admin((q) =>
      q.query<ClientRow>(`update auth.oauth_clients set client_secret_hash = $2, updated_at = now() where id = $1 returning *`, [current.id, secretHash(secret)]),
    );
    return c.json(clientJson(r.rows[0], secret));
  });
}
