import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../db/types.js';

/** GoTrue's defaults (config MFA.ChallengeExpiryDuration, MaxEnrolledFactors, TOTP period/digits). */
export const MFA_CHALLENGE_EXPIRY_SECONDS = 300;
export const MFA_MAX_ENROLLED_FACTORS = 10;
const TOTP_PERIOD = 30;
const TOTP_DIGITS = 6;

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: string;
  status: 'verified' | 'unverified';
  created_at: Date;
  updated_at: Date;
  secret: string | null;
  last_challenged_at: Date | null;
  /** A WebAuthn factor's credential (mfa-webauthn.ts); never shown. */
  web_authn_credential?: unknown;
}

const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : undefined);

/** A factor as GoTrue shows it in /user and the factor endpoints (never the secret). */
export function factorJson(f: FactorRow): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
  };
  if (f.last_challenged_at) json.last_challenged_at = iso(f.last_challenged_at);
  return json;
}

export async function factorsOf(q: Queryable, userId: string): Promise<FactorRow[]> {
  const r = await q.query<FactorRow>(`select * from auth.mfa_factors where user_id = $1 order by created_at`, [userId]);
  return r.rows;
}

/** GoTrue leaves `factors` out of the user when there are none (omitempty). */
export async function withFactors(q: Queryable, user: Record<string, unknown>): Promise<Record<string, unknown>> {
  const factors = await factorsOf(q, String(user.id));
  return factors.length ? { ...user, factors: factors.map(factorJson) } : user;
}

export function totpFor(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD, secret: Secret.fromBase32(secret) });
}

/** A new TOTP secret (160 bits, base32, as GoTrue's pquerna/otp generates) with its otpauth:// URI and QR code (SVG). */
export async function newTotp(issuer: string, account: string): Promise<{ id: string; secret: string; uri: string; qrSvg: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, account).toString();
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { id: randomUUID(), secret, uri, qrSvg };
}

/** The code of this period or the one just before or after (clock drift, as GoTrue allows one step of skew). */
export function totpCodeMatches(secret: string, code: string): boolean {
  if (!/^\d{6}$/.test(code)) return false;
  return totpFor(secret, 'x', 'x').validate({ token: code, window: 1 }) !== null;
}
