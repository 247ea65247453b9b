import { SignJWT, jwtVerify, decodeProtectedHeader } from 'jose';
import type { KeyObject } from 'node:crypto';
import { publicJwks, type PublicJwk, type SigningKey } from '../auth/signing-keys.js';

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
  /** HS256 with the installation's secret: API keys, the stack's own short-lived tokens. */
  sign(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /**
   * A session's access token: signed with the asymmetric signing key (ES256/RS256, `kid` in the
   * header) when the installation has one, as GoTrue with GOTRUE_JWT_KEYS; else HS256.
   */
  signAccessToken(claims: JwtClaims, expiresInSeconds: number): Promise<string>;
  /** The public signing keys, as /auth/v1/.well-known/jwks.json publishes them (none: `keys: []`). */
  jwks(): { keys: PublicJwk[] };
  /**
   * Verifies signature (HS256 with the secret, or ES256/RS256 with the signing key its `kid`
   * names: `alg: none` and others are refused), expiry and audience.
   * A token without a role claim verifies (Edge Functions accept it); services that need a
   * database role check `role` themselves.
   */
  verify(token: string): Promise<JwtClaims>;
}

export function createJwtService(secret: string, signingKeys: SigningKey[] = []): JwtService {
  const key = new TextEncoder().encode(secret);
  const signer = signingKeys.find((k) => k.signs);
  const byKid = new Map(signingKeys.map((k) => [k.kid, k]));
  const published = publicJwks(signingKeys);
  // Which key verifies a token: HS256 the secret; ES256/RS256 the signing key its kid names.
  const verifyingKey = (alg: string | undefined, kid: string | undefined): Uint8Array | KeyObject | null => {
    if (alg === 'HS256') return key;
    const k = kid ? byKid.get(kid) : undefined;
    return k && k.alg === alg ? k.publicKey : null;
  };
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
    async signAccessToken(claims, expiresInSeconds) {
      if (!signer) return this.sign(claims, expiresInSeconds);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: signer.alg, kid: signer.kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(signer.privateKey);
    },
    jwks() {
      return published;
    },
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (typeof known.exp !== 'number' || known.exp > Date.now() / 1000) return { ...known };
        verified.delete(token); // expired: verify below reports it as such
      }
      let alg: string | undefined;
      let kid: string | undefined;
      try {
        ({ alg, kid } = decodeProtectedHeader(token));
      } catch {
        throw new InvalidJwtError('invalid JWT: unable to parse or verify signature, token is malformed');
      }
      if (alg !== 'HS256' && !(alg && byKid.size > 0 && (alg === 'ES256' || alg === 'RS256'))) {
        throw new InvalidJwtError(`invalid JWT: unable to parse or verify signature, signing method ${alg ?? 'none'} is invalid`);
      }
      const verifier = verifyingKey(alg, kid);
      if (!verifier) throw new InvalidJwtError('invalid JWT: unable to parse or verify signature, token is unverifiable: error while executing keyfunc: invalid kid');
      try {
        const { payload } = await jwtVerify(token, verifier, { algorithms: [alg as string] });
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
