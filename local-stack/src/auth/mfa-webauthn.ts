import { randomUUID } from 'node:crypto';
import type { StackConfig } from '../context.js';
import type { Queryable } from '../db/types.js';
import { AuthApiError, validationFailed } from './errors.js';
import { obj, str } from './http.js';
import { factorsOf, MFA_CHALLENGE_EXPIRY_SECONDS, type FactorRow } from './mfa.js';
import { authenticationOptions, registrationOptions, verifiedAssertionCounter, verifiedRegistration, type AuthenticationResponseJSON } from './relying-party.js';
import type { UserRow } from './users.js';
import { webAuthnSettings, type WebAuthnSettings } from './webauthn.js';

/** What auth.mfa_factors.web_authn_credential holds for a verified WebAuthn factor. */
interface StoredFactorCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

interface FactorChallengeData {
  type: 'create' | 'request';
  challenge: string;
}

export const webauthnVerificationFailed = () => new AuthApiError(422, 'mfa_verification_failed', 'WebAuthn verification failed');

export function requireMfaWebAuthn(config: StackConfig, step: 'enroll' | 'verify'): WebAuthnSettings {
  const s = webAuthnSettings(config);
  if (step === 'enroll' && !s.mfaEnrollEnabled) throw new AuthApiError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (step === 'verify' && !s.mfaVerifyEnabled) throw new AuthApiError(422, 'mfa_webauthn_verify_not_enabled', 'MFA verification is disabled for WebAuthn');
  return s;
}

function credentialsOf(factors: FactorRow[]): StoredFactorCredential[] {
  return factors
    .filter((f) => f.factor_type === 'webauthn' && f.status === 'verified' && f.web_authn_credential)
    .map((f) => f.web_authn_credential as unknown as StoredFactorCredential);
}

/**
 * GoTrue's WebAuthn factor challenge: an unverified factor gets creation options ("create"), a
 * verified one request options naming the person's WebAuthn factor credentials ("request"). The
 * relying party is the configured one; the rp_id / rp_origins supabase-js sends are not trusted.
 */
export async function challengeWebAuthnFactor(
  q: Queryable,
  config: StackConfig,
  user: UserRow,
  factor: FactorRow,
  ip: string | null,
): Promise<Record<string, unknown>> {
  const s = requireMfaWebAuthn(config, 'verify');
  const mine = credentialsOf(await factorsOf(q, user.id));
  let data: FactorChallengeData;
  let publicKey: unknown;
  if (factor.status === 'unverified') {
    const name = user.email ?? user.id;
    // Not discoverable (go-webauthn's default for GoTrue's MFA): it answers only when named in allowCredentials.
    const options = await registrationOptions(s, { userId: user.id, userName: name, displayName: factor.friendly_name || name }, { exclude: mine, discoverable: false });
    data = { type: 'create', challenge: options.challenge };
    publicKey = options;
  } else {
    const options = await authenticationOptions(s, { allow: mine });
    data = { type: 'request', challenge: options.challenge };
    publicKey = options;
  }
  const id = randomUUID();
  const r = await q.query<{ created_at: Date }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data) values ($1, $2, now(), $3::inet, $4::jsonb) returning created_at`,
    [id, factor.id, ip, JSON.stringify(data)],
  );
  await q.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factor.id]);
  return {
    id,
    type: 'webauthn',
    expires_at: Math.floor(new Date(r.rows[0].created_at).getTime() / 1000) + MFA_CHALLENGE_EXPIRY_SECONDS,
    webauthn: { type: data.type, credential_options: { publicKey } },
  };
}

/**
 * Checks the answer to a WebAuthn factor challenge (already taken out of auth.mfa_challenges by the
 * caller): a new credential for an unverified factor, stored on the factor; or an assertion by one
 * of the person's WebAuthn factor credentials with a counter that went up. Another account's
 * passkey, another origin or RP id, a replay: mfa_verification_failed.
 */
export async function verifyWebAuthnFactor(
  q: Queryable,
  config: StackConfig,
  user: UserRow,
  factor: FactorRow,
  challenge: FactorChallengeData,
  body: Record<string, unknown>,
): Promise<AuthApiError | null> {
  const s = requireMfaWebAuthn(config, 'verify');
  const webauthn = obj(body.webauthn);
  const type = str(webauthn?.type);
  const response = obj(webauthn?.credential_response);
  if (!webauthn) return validationFailed('WebAuthn config required');
  if (type !== 'create' && type !== 'request') return validationFailed('WebAuthn type must be create or request');
  if (!response) return validationFailed('credential_response is required');
  if (type !== challenge.type) return webauthnVerificationFailed();
  if (type === 'create') {
    const info = await verifiedRegistration(s, response, challenge.challenge);
    if (!info) return webauthnVerificationFailed();
    const cred = info.credential;
    const stored: StoredFactorCredential = { id: cred.id, publicKey: Buffer.from(cred.publicKey).toString('base64url'), counter: cred.counter, transports: cred.transports ?? [] };
    await q.query(`update auth.mfa_factors set web_authn_credential = $2::jsonb, status = 'verified', updated_at = now() where id = $1`, [factor.id, JSON.stringify(stored)]);
    return null;
  }
  const assertion = response as unknown as AuthenticationResponseJSON;
  const owned = (await factorsOf(q, user.id)).find(
    (f) => f.factor_type === 'webauthn' && f.status === 'verified' && (f.web_authn_credential as unknown as StoredFactorCredential | null)?.id === assertion.rawId,
  );
  if (!owned) return webauthnVerificationFailed();
  const cred = owned.web_authn_credential as unknown as StoredFactorCredential;
  const newCounter = await verifiedAssertionCounter(s, assertion, challenge.challenge, { ...cred, publicKey: new Uint8Array(Buffer.from(cred.publicKey, 'base64url')) });
  if (newCounter === null) return webauthnVerificationFailed();
  await q.query(`update auth.mfa_factors set web_authn_credential = web_authn_credential || jsonb_build_object('counter', $2::bigint), updated_at = now() where id = $1`, [
    owned.id,
    newCounter,
  ]);
  return null;
}
