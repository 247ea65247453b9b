import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type JsonWebKey, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StackConfigError } from '../config.js';
import type { StackSettings } from '../settings.js';
import { tomlValue } from './supabase-toml.js';

/** An asymmetric key GoTrue signs access tokens with (GOTRUE_JWT_KEYS), by its `kid`. */
export interface SigningKey {
  kid: string;
  alg: 'ES256' | 'RS256';
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** Only the first key marked for signing signs; the others still verify (key rotation). */
  signs: boolean;
}

/** GoTrue's JWKS entry: the public half only, `key_ops: ["verify"]`. */
export interface PublicJwk extends JsonWebKey {
  kid: string;
  alg: string;
  use: 'sig';
  key_ops: ['verify'];
  ext: true;
}

declare module '../context.js' {
  interface StackConfig {
    /**
     * Asymmetric keys for access tokens: from GOTRUE_JWT_KEYS, config.toml's
     * `[auth] signing_keys_path`, or generated in the data folder. Empty: HS256 with jwtSecret.
     */
    signingKeys?: SigningKey[];
  }
}

interface PrivateJwk extends JsonWebKey {
  kid?: string;
  alg?: string;
  key_ops?: string[];
}

/**
 * Reads a JSON array of private JWKs, as GOTRUE_JWT_KEYS and the CLI's signing_keys.json hold
 * them. EC P-256 keys sign ES256 and RSA keys RS256; `oct` keys are skipped (the stack's HS256
 * key is its JWT secret). A key without private parts or with another curve is refused.
 */
export function parseSigningKeys(json: string, source: string): SigningKey[] {
  let list: unknown;
  try {
    list = JSON.parse(json);
  } catch {
    throw new StackConfigError(`${source} is not valid JSON (expected an array of JWKs)`);
  }
  if (!Array.isArray(list)) throw new StackConfigError(`${source} must be a JSON array of JWKs`);
  const keys: SigningKey[] = [];
  for (const raw of list as PrivateJwk[]) {
    if (!raw || typeof raw !== 'object' || raw.kty === 'oct') continue;
    const alg = raw.kty === 'EC' && raw.crv === 'P-256' ? 'ES256' : raw.kty === 'RSA' ? 'RS256' : null;
    if (!alg || (raw.alg && raw.alg !== alg)) throw new StackConfigError(`${source}: only EC P-256 (ES256) and RSA (RS256) keys are supported`);
    if (typeof raw.kid !== 'string' || !raw.kid) throw new StackConfigError(`${source}: every key needs a kid`);
    if (typeof raw.d !== 'string') throw new StackConfigError(`${source}: key ${raw.kid} has no private part`);
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey({ key: raw, format: 'jwk' });
    } catch {
      throw new StackConfigError(`${source}: key ${raw.kid} is not a valid JWK`);
    }
    const signs = !Array.isArray(raw.key_ops) || raw.key_ops.includes('sign');
    keys.push({ kid: raw.kid, alg, privateKey, publicKey: createPublicKey(privateKey), signs });
  }
  const first = keys.findIndex((k) => k.signs);
  keys.forEach((k, i) => (k.signs = i === first));
  return keys;
}

/** The JWKS GoTrue publishes at /auth/v1/.well-known/jwks.json. */
export function publicJwks(keys: SigningKey[]): { keys: PublicJwk[] } {
  return {
    keys: keys.map((k) => ({ ...k.publicKey.export({ format: 'jwk' }), kid: k.kid, alg: k.alg, use: 'sig', key_ops: ['verify'], ext: true })),
  };
}

function newEs256Key(): PrivateJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'ES256', key_ops: ['sign', 'verify'] };
}

/** Where a generated key pair lives: in the data folder, beside keys.json (and in its backups). */
export const signingKeysFile = (dataDir: string): string => path.join(dataDir, 'signing-keys.json');

/**
 * The installation's signing keys: GOTRUE_JWT_KEYS, else config.toml's `[auth] signing_keys_path`
 * (relative to supabase/), else `<dataDir>/signing-keys.json` — generated there (ES256, as
 * hosted Supabase's new projects) on first start, owner-only like keys.json. With the demo keys
 * (`generate` false) and none configured, none: sessions stay HS256 as the Supabase CLI's by default.
 */
export function loadSigningKeys(opts: { dataDir: string; supabaseDir: string; generate: boolean }, settings: StackSettings): SigningKey[] {
  if (settings.GOTRUE_JWT_KEYS) return parseSigningKeys(settings.GOTRUE_JWT_KEYS, 'GOTRUE_JWT_KEYS');
  const configured = tomlValue(opts.supabaseDir, 'auth', 'signing_keys_path');
  if (typeof configured === 'string' && configured) {
    const file = path.resolve(opts.supabaseDir, configured);
    if (!existsSync(file)) throw new StackConfigError(`[auth] signing_keys_path: ${file} does not exist`);
    return parseSigningKeys(readFileSync(file, 'utf8'), file);
  }
  if (!opts.generate) return [];
  const file = signingKeysFile(opts.dataDir);
  if (existsSync(file)) {
    const mode = statSync(file).mode & 0o777;
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      throw new StackConfigError(`${file} is readable by other users (mode ${mode.toString(8)}); run: chmod 600 ${file}`);
    }
    return parseSigningKeys(readFileSync(file, 'utf8'), file);
  }
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  // 'wx': never overwrite keys another process wrote a moment ago.
  writeFileSync(file, `${JSON.stringify([newEs256Key()], null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return parseSigningKeys(readFileSync(file, 'utf8'), file);
}
