import type { StackConfig } from '../context.js';
import { settingsOf, type StackSettings } from '../settings.js';
import { tomlValue } from './supabase-toml.js';

/**
 * Per-IP request budgets of the auth endpoints, in requests per window. The names and defaults
 * follow supabase/config.toml's [auth.rate_limit] (counted per 5 minutes, e-mails per hour).
 */
export interface AuthRateLimits {
  /** /signup and /token?grant_type=password|pkce, per 5 minutes */
  signInSignUps: number;
  /** /token?grant_type=refresh_token, per 5 minutes */
  tokenRefresh: number;
  /** /verify, per 5 minutes */
  tokenVerifications: number;
  /** e-mails sent (recover, signup confirmation, e-mail change), per hour */
  emailSent: number;
}

declare module '../context.js' {
  interface StackConfig {
    /** Overrides of the auth rate limits (tests raise or lower them). */
    authRateLimits?: Partial<AuthRateLimits>;
  }
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  signInSignUps: 30,
  tokenRefresh: 150,
  tokenVerifications: 30,
  // Used only when config.toml has no [auth.rate_limit] email_sent (the CLI's default there is 2).
  emailSent: 30,
};

const ENV_NAMES = {
  signInSignUps: 'AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS',
  tokenRefresh: 'AUTH_RATE_LIMIT_TOKEN_REFRESH',
  tokenVerifications: 'AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS',
  emailSent: 'AUTH_RATE_LIMIT_EMAIL_SENT',
} as const satisfies Record<keyof AuthRateLimits, keyof StackSettings>;

const TOML_NAMES: Record<keyof AuthRateLimits, string> = {
  signInSignUps: 'sign_in_sign_ups',
  tokenRefresh: 'token_refresh',
  tokenVerifications: 'token_verifications',
  emailSent: 'email_sent',
};

const tomlCache = new Map<string, Partial<AuthRateLimits>>();

function tomlLimits(supabaseDir: string): Partial<AuthRateLimits> {
  let cached = tomlCache.get(supabaseDir);
  if (!cached) {
    cached = {};
    for (const key of Object.keys(TOML_NAMES) as Array<keyof AuthRateLimits>) {
      const v = tomlValue(supabaseDir, 'auth.rate_limit', TOML_NAMES[key]);
      if (typeof v === 'number' && v > 0) cached[key] = v;
    }
    tomlCache.set(supabaseDir, cached);
  }
  return cached;
}

/**
 * Defaults, then supabase/config.toml's [auth.rate_limit], then AUTH_RATE_LIMIT_* environment
 * variables, then config.authRateLimits (what tests pass to startStack).
 */
export function authRateLimits(config: StackConfig, settings: StackSettings = settingsOf(config)): AuthRateLimits {
  const limits = { ...DEFAULT_AUTH_RATE_LIMITS, ...tomlLimits(config.supabaseDir) };
  for (const key of Object.keys(ENV_NAMES) as Array<keyof AuthRateLimits>) {
    const fromEnv = settings[ENV_NAMES[key]];
    if (fromEnv !== undefined) limits[key] = fromEnv;
    const override = config.authRateLimits?.[key];
    if (override !== undefined) limits[key] = override;
  }
  return limits;
}

/** The Google OAuth client GoTrue uses for "Continue with Google" (the emulator accepts any). */
export const LOCAL_GOOGLE_CLIENT_ID = 'dossier-local.apps.googleusercontent.com';
export const LOCAL_GOOGLE_CLIENT_SECRET = 'dossier-local-google-secret';

export function googleClient(settings: StackSettings): { clientId: string; secret: string } {
  return {
    // supabase/config.toml's [auth.external.google] names first, then the plain names.
    clientId: settings.SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID ?? settings.GOOGLE_CLIENT_ID ?? LOCAL_GOOGLE_CLIENT_ID,
    secret: settings.SUPABASE_AUTH_EXTERNAL_GOOGLE_SECRET ?? settings.GOOGLE_CLIENT_SECRET ?? LOCAL_GOOGLE_CLIENT_SECRET,
  };
}

/** Access tokens live one hour, as on Supabase (config.toml jwt_expiry). */
export const ACCESS_TOKEN_SECONDS = 3600;
export const MIN_PASSWORD_LENGTH = 6;
/** Links in auth e-mails and PKCE codes expire (Supabase: otp_expiry 3600 s; flow state 5 min). */
export const OTP_EXPIRY_SECONDS = 3600;
export const FLOW_STATE_SECONDS = 300;
export const BCRYPT_COST = 10;
