import type { DbRole, RequestAuth } from '../db/types.js';
import { InvalidJwtError, type JwtClaims, type JwtService } from './jwt.js';

/**
 * Who is calling, decided the way Supabase's gateway + PostgREST decide it:
 * - an `apikey` header (or `?apikey=`) is required and must be a valid key JWT;
 * - the `Authorization: Bearer` token, when present, decides the role; else the apikey does;
 * - tokens must verify (HS256, signature, expiry): `alg: none`, tampered or expired → 401.
 * Each service formats the failure in its own error shape.
 */
export type RequestAuthResult =
  | { ok: true; auth: RequestAuth; claims: JwtClaims; token: string }
  | { ok: false; status: 401; reason: 'missing_apikey' | 'invalid_apikey' | 'invalid_jwt'; message: string };

const ROLES: readonly DbRole[] = ['anon', 'authenticated', 'service_role'];

export async function resolveRequestAuth(
  jwt: JwtService,
  request: { headers: Headers; method: string; url: string },
): Promise<RequestAuthResult> {
  const url = new URL(request.url);
  const apikey = request.headers.get('apikey') ?? url.searchParams.get('apikey');
  if (!apikey) {
    return { ok: false, status: 401, reason: 'missing_apikey', message: 'No API key found in request' };
  }
  try {
    await jwt.verify(apikey);
  } catch {
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
  if (!ROLES.includes(claims.role as DbRole)) {
    return { ok: false, status: 401, reason: 'invalid_jwt', message: `role "${claims.role}" does not exist` };
  }
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    if (name !== 'authorization' && name !== 'apikey' && name !== 'cookie') headers[name] = value;
  });
  return {
    ok: true,
    token,
    claims,
    auth: { role: claims.role as DbRole, claims, headers, method: request.method, path: url.pathname },
  };
}
