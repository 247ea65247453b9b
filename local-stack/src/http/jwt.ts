import { SignJWT, jwtVerify, decodeProtectedHeader } from 'jose';

/** The claims Supabase puts in an access token (plus whatever else GoTrue adds). */
export interface JwtClaims {
  sub?: string;
  role: 'anon' | 'authenticated' | 'service_role' | string;
  aud?: string | string[];
  email?: string;
  phone?: string;
  session_id?: string;
  aal?: string;
  amr?: Array<{ method: string; timestamp: number }>;
  is_anonymous?: boolean;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
  iss?: string;
  iat?: number;
  exp?: number;
  [key: string]: unknown;
}

/** The audience GoTrue puts in access tokens (GOTRUE_JWT_AUD). */
export const AUDIENCE = 'authenticated';

export class InvalidJwtError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidJwtError';
  }
}

export interface JwtService {
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /**
   * Verifies signature (HS256 only: `alg: none` and others are refused), expiry and audience.
   * A token without a role claim verifies (Edge Functions accept it); services that need a
   * database role check `role` themselves.
   */
  verify(token: string): Promise<JwtClaims>;
}

export function createJwtService(secret: string): JwtService {
  const key = new TextEncoder().encode(secret);
  // Verifying costs ~0.5 ms (WebCrypto key import + HMAC) and every request carries an apikey and
  // a bearer token. A token that verified once verifies again until it expires, so remember it.
  const verified = new Map<string, JwtClaims>();
  const MAX_REMEMBERED = 5000;
  return {
    async sign(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(key);
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (typeof known.exp !== 'number' || known.exp > Date.now() / 1000) return { ...known };
        verified.delete(token); // expired: verify below reports it as such
      }
      let alg: string | undefined;
      try {
        alg = decodeProtectedHeader(token).alg;
      } catch {
        throw new InvalidJwtError('invalid JWT: unable to parse or verify signature, token is malformed');
      }
      if (alg !== 'HS256') {
        throw new InvalidJwtError(`invalid JWT: unable to parse or verify signature, signing method ${alg ?? 'none'} is invalid`);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        // GoTrue issues aud "authenticated"; the API keys and the stack's own tokens carry none.
        // A token minted for another audience (another service sharing the secret) is refused.
        const aud = payload.aud;
        if (aud !== undefined && !(Array.isArray(aud) ? aud.includes(AUDIENCE) : aud === AUDIENCE)) {
          throw new InvalidJwtError('invalid JWT: unable to parse or verify signature, token has invalid claims: token has invalid audience');
        }
        if (verified.size >= MAX_REMEMBERED) verified.clear();
        verified.set(token, payload as JwtClaims);
        return { ...(payload as JwtClaims) };
      } catch (e) {
        if (e instanceof InvalidJwtError) throw e;
        const code = (e as { code?: string }).code;
        if (code === 'ERR_JWT_EXPIRED') throw new InvalidJwtError('invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired');
        throw new InvalidJwtError('invalid JWT: unable to parse or verify signature, signature is invalid');
      }
    },
  };
}
