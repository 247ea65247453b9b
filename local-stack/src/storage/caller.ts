import type { Context } from 'hono';
import type { StackContext } from '../context.js';
import type { DbRole, RequestAuth } from '../db/types.js';
import { apiKeyRole } from '../http/api-keys.js';
import { liveUsers } from '../http/live-users.js';
import { invalidJwt, StorageApiError } from './errors.js';

const ROLES: readonly string[] = ['anon', 'authenticated', 'service_role'];

export interface StorageCaller {
  auth: RequestAuth;
  /** The user id (JWT sub), when the caller is a user. */
  userId: string | null;
}

/**
 * Storage reads the caller from `Authorization: Bearer` (else the apikey): a verified JWT whose
 * role becomes the database role, so storage.objects' RLS policies decide as on Supabase.
 */
export async function storageCaller(ctx: StackContext, c: Context): Promise<StorageCaller> {
  const bearer = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim();
  const apikey = c.req.header('apikey') ?? c.req.query('apikey');
  // Only the installation's keys are API keys; a user token passed as one is refused.
  if (apikey && !apiKeyRole(ctx.config, apikey)) throw new StorageApiError(401, 'Unauthorized', 'Invalid API key', 'InvalidApiKey');
  const token = bearer || apikey;
  // Storage verifies the (empty) token and reports what its JWT library says about it.
  if (!token) throw invalidJwt('Invalid Compact JWS');
  let claims: Record<string, unknown>;
  try {
    claims = await ctx.jwt.verify(token);
  } catch (e) {
    throw invalidJwt((e as Error).message);
  }
  claims.role ??= 'anon';
  if (!ROLES.includes(String(claims.role))) throw invalidJwt(`role "${String(claims.role)}" does not exist`);
  if (claims.role === 'authenticated' && typeof claims.sub === 'string' && !(await liveUsers(ctx.db).exists(claims.sub))) {
    throw new StorageApiError(403, 'Unauthorized', 'User from sub claim in JWT does not exist', 'AccessDenied');
  }
  return asCaller(claims, c);
}

export function asCaller(claims: Record<string, unknown>, c: Context): StorageCaller {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    if (name !== 'authorization' && name !== 'apikey' && name !== 'cookie') headers[name] = value;
  });
  const sub = typeof claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(claims.sub) ? claims.sub : null;
  return {
    auth: { role: claims.role as DbRole, claims, headers, method: c.req.method, path: new URL(c.req.url).pathname, signal: c.req.raw.signal },
    userId: sub,
  };
}
