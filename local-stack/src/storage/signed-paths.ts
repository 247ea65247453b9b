import type { StackContext } from '../context.js';
import { invalidJwt } from './errors.js';

/** The role claim of a signed download URL's token (object/sign and render/image/sign). */
export const SIGN_ROLE = 'storage_signed_url';

/** A signed URL's path, each segment percent-encoded: a key may hold `?`, `#`, `%` or spaces. */
export function urlPath(bucket: string, key: string): string {
  return [bucket, ...key.split('/')].map(encodeURIComponent).join('/');
}

/**
 * supabase-js passes the signed path through encodeURI, which encodes the `%` of our escapes once
 * more: the path arrives decoded once (`%3F`) or fully (`?`). Either names the signed object.
 */
export function signedPathMatches(signed: string, bucket: string, key: string): boolean {
  if (signed === `${bucket}/${key}`) return true;
  try {
    return signed === `${bucket}/${key.split('/').map(decodeURIComponent).join('/')}`;
  } catch {
    return false;
  }
}

/** The claims of a signed URL's `?token=`, or Storage's InvalidJWT answer. */
export async function signedTokenClaims(ctx: StackContext, token: string | undefined): Promise<Record<string, unknown>> {
  if (!token) throw invalidJwt('Missing token');
  try {
    return await ctx.jwt.verify(token);
  } catch (e) {
    throw invalidJwt((e as Error).message);
  }
}
