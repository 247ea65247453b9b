import type { Context } from 'hono';
import { readJsonObject } from '../http/json-body.js';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { StackContext } from '../context.js';
import type { JwtClaims } from '../http/jwt.js';
import { AuthApiError, badJson } from './errors.js';
import type { RateLimiter } from './rate-limit.js';
import { sessionExists } from './sessions.js';
import { findUserById, type UserRow } from './users.js';

export interface AuthDeps {
  ctx: StackContext;
  limiter: RateLimiter;
}

/** The peer address (the stack listens on loopback, so no proxy header is trusted). */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // app.request() in unit tests has no socket.
    return 'unknown';
  }
}

export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const body = await readJsonObject(c);
  if (body === undefined) throw badJson();
  return body;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

export function obj(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

export function bearer(c: Context): string | undefined {
  return /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() || undefined;
}

/** Spends one unit of `bucket` for this client or answers 429 with Retry-After. */
export function rateLimit(deps: AuthDeps, c: Context, bucket: string, limit: number, windowSeconds: number, email = false): void {
  const r = deps.limiter.take(bucket, clientIp(c), limit, windowSeconds);
  if (!r.ok) {
    c.header('Retry-After', String(r.retryAfter));
    throw email
      ? new AuthApiError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')
      : new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
  }
}

export interface Caller {
  user: UserRow;
  claims: JwtClaims;
  sessionId: string | undefined;
  token: string;
}

/** A token that does not verify is GoTrue's 403 bad_jwt. */
async function verifiedClaims(deps: AuthDeps, token: string): Promise<JwtClaims> {
  try {
    return await deps.ctx.jwt.verify(token);
  } catch (e) {
    throw new AuthApiError(403, 'bad_jwt', (e as Error).message);
  }
}

/** GoTrue's requireAuthentication: a verified user JWT whose session and user still exist. */
export async function requireUser(deps: AuthDeps, c: Context): Promise<Caller> {
  const token = bearer(c);
  if (!token) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifiedClaims(deps, token);
  if (!claims.sub) throw new AuthApiError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const sub = claims.sub;
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : undefined;
  const found = await deps.ctx.db.admin(async (q) => {
    if (sessionId && !(await sessionExists(q, sessionId))) return 'no-session' as const;
    return findUserById(q, sub);
  });
  if (found === 'no-session') throw new AuthApiError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  if (!found) throw new AuthApiError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  // GoTrue refuses a banned user's still-valid access token (supabase/auth#2642); so does RLS (ADR 0310).
  if (found.banned_until && new Date(found.banned_until).getTime() > Date.now()) throw new AuthApiError(403, 'user_banned', 'User is banned');
  return { user: found, claims, sessionId, token };
}

/** Admin endpoints need the service_role key (as Bearer token). */
export async function requireServiceRole(deps: AuthDeps, c: Context): Promise<void> {
  const token = bearer(c) ?? c.req.header('apikey');
  if (!token) throw new AuthApiError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
  const claims = await verifiedClaims(deps, token);
  if (claims.role !== 'service_role') throw new AuthApiError(403, 'not_admin', 'User not allowed');
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** `u` is under `base`: same origin (loopback spellings of one port are one), path prefix. */
function under(u: URL, base: URL, prefix: boolean): boolean {
  const sameHost = u.host === base.host || (LOOPBACK.has(u.hostname) && LOOPBACK.has(base.hostname) && u.port === base.port);
  if (u.protocol !== base.protocol || !sameHost) return false;
  return prefix ? u.pathname.startsWith(base.pathname) : u.pathname === base.pathname || base.pathname === '/' || u.pathname.startsWith(base.pathname.replace(/\/?$/, '/'));
}

/**
 * GoTrue only redirects to the site URL (any path of its origin) or an entry of
 * additional_redirect_urls (ADDITIONAL_REDIRECT_URLS; a trailing `*` makes it a prefix);
 * anything else falls back to the site URL. Another loopback port is another site: a process
 * listening there must not receive someone's tokens.
 */
export function safeRedirect(ctx: StackContext, wanted: string | undefined): string {
  if (!wanted) return ctx.config.siteUrl;
  try {
    const u = new URL(wanted);
    const site = new URL(ctx.config.siteUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return ctx.config.siteUrl;
    if (under(u, new URL(site.origin), false)) return u.toString();
    for (const entry of ctx.config.redirectUrls) {
      const prefix = entry.endsWith('*');
      if (under(u, new URL(prefix ? entry.slice(0, -1) : entry), prefix)) return u.toString();
    }
  } catch {
    // not a URL
  }
  return ctx.config.siteUrl;
}

/** Appends params to a URL's fragment (implicit flow) or query (PKCE flow, errors of PKCE). */
export function withParams(url: string, params: Record<string, string | number | undefined>, where: 'fragment' | 'query'): string {
  const u = new URL(url);
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) p.set(k, String(v));
  if (where === 'query') {
    for (const [k, v] of p) u.searchParams.set(k, v);
    return u.toString();
  }
  u.hash = p.toString();
  return u.toString();
}

/** GoTrue's admin paging: `page` and `per_page` as unsigned integers (anything else refused). */
export function pageParams(c: Context): { page: number; perPage: number } {
  const positive = (name: string, fallback: number) => {
    const raw = c.req.query(name);
    if (raw === undefined || raw === '') return fallback;
    if (!/^\d+$/.test(raw)) throw new AuthApiError(400, 'validation_failed', `Bad Pagination Parameters: invalid ${name} "${raw}"`);
    return Number(raw);
  };
  return { page: Math.max(1, positive('page', 1)), perPage: Math.min(1000, Math.max(1, positive('per_page', 50))) };
}

/** X-Total-Count and the Link header (next, last) that supabase-js reads its pagination from. */
export function pageHeaders(c: Context, base: string, page: number, perPage: number, total: number): void {
  const last = Math.max(1, Math.ceil(total / perPage));
  const links = [`<${base}?page=${last}&per_page=${perPage}>; rel="last"`];
  if (page < last) links.unshift(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  c.header('X-Total-Count', String(total));
  c.header('Link', links.join(', '));
}
