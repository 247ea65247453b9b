import type { StackContext } from '../context.js';
import type { DbRole, RequestAuth } from '../db/types.js';
import { apiKeyRole } from './api-keys.js';
import { InvalidJwtError, type JwtClaims } from './jwt.js';
import { liveUsers } from './live-users.js';

/**
 * Who is calling, decided the way Supabase's gateway + PostgREST decide it:
 * - an `apikey` header (or `?apikey=`) is required and must be one of the installation's keys
 *   (a user's access token is not an API key);
 * - the `Authorization: Bearer` token, when present, decides the role; else the apikey does;
 *   a token without a role claim gets `anon`, as PostgREST's db-anon-role;
 * - tokens must verify (HS256, signature, expiry, audience): `alg: none`, tampered or expired → 401;
 * - a user token whose user has been deleted → 401.
 * Each service formats the failure in its own error shape.
 */
export type RequestAuthResult =
  | { ok: true; auth: RequestAuth; claims: JwtClaims; token: string }
  | { ok: false; status: 401; reason: 'missing_apikey' | 'invalid_apikey' | 'invalid_jwt'; message: string };

const ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

export async function resolveRequestAuth(
  ctx: Pick<StackContext, 'jwt' | 'config' | 'db'>,
  request: { headers: Headers; method: string; url: string; signal?: AbortSignal },
): Promise<RequestAuthResult> {
  const { jwt } = ctx;
  const url = new URL(request.url);
  const apikey = request.headers.get('apikey') ?? url.searchParams.get('apikey');
  if (!apikey) {
    return { ok: false, status: 401, reason: 'missing_apikey', message: 'No API key found in request' };
  }
  if (!apiKeyRole(ctx.config, apikey)) {
    return { ok: false, status: 401, reason: 'invalid_apikey', message: 'Invalid API key' };
  }
  const bearer = /^bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1]?.trim();
  const token = bearer || apikey;
  let claims: JwtClaims;
  try {
    claims = await jwt.verify(token);
  } catch (e) {
    const message = e instanceof InvalidJwtError ? e.message : 'invalid JWT';
    return { ok: false, status: 401, reason: 'invalid_jwt', message };
  }
  claims.role ??= 'anon';
  if (!ROLES.includes(claims.role as DbRole)) {
    return { ok: false, status: 401, reason: 'invalid_jwt', message: `role "${claims.role}" does not exist` };
  }
  if (claims.role === 'authenticated' && typeof claims.sub === 'string' && !(await liveUsers(ctx.db).exists(claims.sub))) {
    return { ok: false, status: 401, reason: 'invalid_jwt', message: 'User from sub claim in JWT does not exist' };
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name !== 'authorization' && name !== 'apikey' && name !== 'cookie') headers[name] = value;
  });
  return {
    ok: true,
    token,
    claims,
    auth: { role: claims.role as DbRole, claims, headers, method: request.method, path: url.pathname, signal: request.signal },
  };
}
