import type { Context } from 'hono';
import type { StackContext } from '../context.js';
import type { DbRole, RequestAuth } from '../db/types.js';
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
  const token = bearer || c.req.header('apikey');
  if (!token) throw new StorageApiError(400, 'Error', "headers must have required property 'authorization'", 'InvalidRequest');
  let claims: Record<string, unknown>;
  try {
    claims = await ctx.jwt.verify(token);
  } catch (e) {
    throw invalidJwt((e as Error).message);
  }
  if (!ROLES.includes(String(claims.role))) throw invalidJwt(`role "${String(claims.role)}" does not exist`);
  return asCaller(claims, c);
}

export function asCaller(claims: Record<string, unknown>, c: Context): StorageCaller {
  const headers: Record<string, string> = {};
  c.req.raw.headers.forEach((value, name) => {
    if (name !== 'authorization' && name !== 'apikey' && name !== 'cookie') headers[name] = value;
  });
  const sub = typeof claims.sub === 'string' && /^[0-9a-f-]{36}$/i.test(claims.sub) ? claims.sub : null;
  return {
    auth: { role: claims.role as DbRole, claims, headers, method: c.req.method, path: new URL(c.req.url).pathname },
    userId: sub,
  };
}
