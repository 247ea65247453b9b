import type { StackConfig } from '../context.js';
import type { Queryable } from '../db/types.js';
import { AuthApiError } from './errors.js';
import { tomlList, tomlValue } from './supabase-toml.js';

/**
 * The WebAuthn relying party and passkey switches, read as the Supabase CLI reads them:
 * `[auth.passkey] enabled`, `[auth.webauthn] rp_id / rp_display_name / rp_origins` and
 * `[auth.mfa.web_authn] enroll_enabled / verify_enabled` of supabase/config.toml.
 */
export interface WebAuthnSettings {
  passkeyEnabled: boolean;
  mfaEnrollEnabled: boolean;
  mfaVerifyEnabled: boolean;
  rpId: string;
  rpName: string;
  origins: string[];
  /** GoTrue's GOTRUE_WEBAUTHN_CHALLENGE_EXPIRY_DURATION (5 minutes). */
  challengeSeconds: number;
  /** GoTrue's GOTRUE_PASSKEY_MAX_PASSKEYS_PER_USER (10). */
  maxPasskeys: number;
}

declare module '../context.js' {
  interface StackConfig {
    /** Overrides of the WebAuthn settings (tests change the relying party or the expiry). */
    webauthn?: Partial<WebAuthnSettings>;
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The origins passkeys are accepted from: config.toml's rp_origins, plus the origin the stack's
 * site URL really has (scripts/start.ts and the e2e setup move the shell to a free port, as they do
 * for redirects). Browsers refuse an IP address as relying party id, so a loopback site URL also
 * counts in its `localhost` spelling, the one a person opens to use a passkey locally.
 */
function originsOf(config: StackConfig, fromToml: string[]): string[] {
  const origins = new Set(fromToml);
  try {
    const site = new URL(config.siteUrl);
    origins.add(site.origin);
    if (LOOPBACK.has(site.hostname)) origins.add(`${site.protocol}//localhost${site.port ? `:${site.port}` : ''}`);
  } catch {
    // no usable site URL: config.toml's list alone
  }
  return [...origins];
}

export function webAuthnSettings(config: StackConfig): WebAuthnSettings {
  const dir = config.supabaseDir;
  const bool = (section: string, key: string) => tomlValue(dir, section, key) === true;
  const text = (key: string) => {
    const v = tomlValue(dir, 'auth.webauthn', key);
    return typeof v === 'string' && v ? v : undefined;
  };
  return {
    passkeyEnabled: bool('auth.passkey', 'enabled'),
    mfaEnrollEnabled: bool('auth.mfa.web_authn', 'enroll_enabled'),
    mfaVerifyEnabled: bool('auth.mfa.web_authn', 'verify_enabled'),
    rpId: text('rp_id') ?? 'localhost',
    rpName: text('rp_display_name') ?? 'Supabase',
    origins: originsOf(config, tomlList(dir, 'auth.webauthn', 'rp_origins') ?? []),
    challengeSeconds: 300,
    maxPasskeys: 10,
    ...config.webauthn,
  };
}

export type ChallengeType = 'registration' | 'authentication';

/** What a challenge row remembers of its ceremony (GoTrue keeps go-webauthn's SessionData). */
export interface ChallengeData {
  challenge: string;
  userVerification: 'required' | 'preferred' | 'discouraged';
}

/** Stores a new challenge; answers its id and expiry (UNIX seconds). */
export async function storeChallenge(
  q: Queryable,
  settings: WebAuthnSettings,
  type: ChallengeType,
  userId: string | null,
  data: ChallengeData,
): Promise<{ id: string; expiresAt: number }> {
  const r = await q.query<{ id: string; expires_at: Date }>(
    `insert into auth.webauthn_challenges (user_id, challenge_type, session_data, expires_at)
     values ($1, $2, $3::jsonb, now() + make_interval(secs => $4)) returning id, expires_at`,
    [userId, type, JSON.stringify(data), settings.challengeSeconds],
  );
  // Expired challenges nobody answered go with the next one (GoTrue's cleanup does the same).
  await q.query(`delete from auth.webauthn_challenges where expires_at < now() - interval '1 hour'`);
  return { id: r.rows[0].id, expiresAt: Math.floor(new Date(r.rows[0].expires_at).getTime() / 1000) };
}

/**
 * Takes a challenge out of the table (single use: a second verify with the same id finds nothing)
 * and refuses it when it has expired. Runs in the caller's transaction; the caller commits the
 * deletion even when verification then fails.
 */
export async function consumeChallenge(q: Queryable, id: string, type: ChallengeType, userId: string | null): Promise<ChallengeData | AuthApiError> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return new AuthApiError(400, 'validation_failed', 'challenge_id must be a valid UUID');
  const r = await q.query<{ session_data: ChallengeData; expired: boolean }>(
    `delete from auth.webauthn_challenges
      where id = $1 and challenge_type = $2 and user_id is not distinct from $3
      returning session_data, expires_at < now() as expired`,
    [id, type, userId],
  );
  const row = r.rows[0];
  if (!row) return new AuthApiError(400, 'webauthn_challenge_not_found', 'Challenge not found or already used');
  if (row.expired) return new AuthApiError(400, 'webauthn_challenge_expired', 'Challenge has expired');
  return row.session_data;
}

export const verificationFailed = (why = 'Credential verification failed') => new AuthApiError(400, 'webauthn_verification_failed', why);

/** A row of auth.webauthn_credentials. */
export interface CredentialRow {
  id: string;
  user_id: string;
  credential_id: Buffer | Uint8Array;
  public_key: Buffer | Uint8Array;
  sign_count: string | number;
  transports: string[];
  friendly_name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** GoTrue's PasskeyListItem: friendly_name and last_used_at left out when empty. */
export function passkeyJson(row: Pick<CredentialRow, 'id' | 'friendly_name' | 'created_at' | 'last_used_at'>): Record<string, unknown> {
  const json: Record<string, unknown> = { id: row.id, created_at: new Date(row.created_at).toISOString() };
  if (row.friendly_name) json.friendly_name = row.friendly_name;
  if (row.last_used_at) json.last_used_at = new Date(row.last_used_at).toISOString();
  return json;
}

export async function passkeysOf(q: Queryable, userId: string): Promise<CredentialRow[]> {
  const r = await q.query<CredentialRow>(`select * from auth.webauthn_credentials where user_id = $1 order by created_at, id`, [userId]);
  return r.rows;
}

export const toBase64Url = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');
