import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StackConfigError } from './config.js';
import { DEMO_ANON_KEY, DEMO_JWT_SECRET, DEMO_SERVICE_ROLE_KEY } from './keys.js';

/** The JWT secret and the two API keys of one installation. */
export interface InstallationKeys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
}

/** Where the generated keys live, inside the data folder. */
export function keysFile(dataDir: string): string {
  return path.join(dataDir, 'keys.json');
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** An HS256 API key as the Supabase CLI makes them: iss, role, iat and a far expiry (10 years). */
export function signApiKey(secret: string, role: 'anon' | 'service_role', now = Math.floor(Date.now() / 1000)): string {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ iss: 'supabase', ref: 'local', role, iat: now, exp: now + 10 * 365 * 24 * 3600 }));
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}

export const DEMO_KEYS: InstallationKeys = { jwtSecret: DEMO_JWT_SECRET, anonKey: DEMO_ANON_KEY, serviceRoleKey: DEMO_SERVICE_ROLE_KEY };

/**
 * The installation's keys: read from `<dataDir>/keys.json`, or generated there on first start
 * (a 64-byte random secret; the folder 0700, the file 0600). `created` says whether they were
 * generated now: the banner prints the secret only then. A keys file that anyone but the owner
 * can read is refused, as ssh refuses a private key with loose permissions.
 */
export function loadOrCreateKeys(dataDir: string): { keys: InstallationKeys; created: boolean; file: string } {
  const file = keysFile(dataDir);
  if (existsSync(file)) {
    const mode = statSync(file).mode & 0o777;
    if (process.platform !== 'win32' && (mode & 0o077) !== 0) {
      throw new StackConfigError(`${file} is readable by other users (mode ${mode.toString(8)}); run: chmod 600 ${file}`);
    }
    let parsed: Partial<InstallationKeys>;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<InstallationKeys>;
    } catch {
      throw new StackConfigError(`${file} is not valid JSON; restore it from a backup (tokens and keys signed with it stop working if it is replaced)`);
    }
    if (typeof parsed.jwtSecret !== 'string' || parsed.jwtSecret.length < 32 || typeof parsed.anonKey !== 'string' || typeof parsed.serviceRoleKey !== 'string') {
      throw new StackConfigError(`${file} lacks jwtSecret (32+ characters), anonKey or serviceRoleKey`);
    }
    return { keys: { jwtSecret: parsed.jwtSecret, anonKey: parsed.anonKey, serviceRoleKey: parsed.serviceRoleKey }, created: false, file };
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const jwtSecret = randomBytes(48).toString('base64url');
  const keys: InstallationKeys = { jwtSecret, anonKey: signApiKey(jwtSecret, 'anon'), serviceRoleKey: signApiKey(jwtSecret, 'service_role') };
  // 'wx': never overwrite keys another process wrote a moment ago.
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return { keys, created: true, file };
}
