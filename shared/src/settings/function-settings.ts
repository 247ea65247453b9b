/**
 * The Edge Functions' settings (supabase/functions/**), declared once: which functions read each,
 * what it means, its default and its value rule. Deno on hosted Supabase imports this file
 * relatively (supabase/functions/_shared/env.ts, bundled into each function at deploy, as
 * shared/src/core/naming is), so it has no imports and no valibot: the rules are plain checks. The
 * generated table in docs/configuration.md lists these rows too (settings.ts, ADR 0481).
 */

/** A wrong value's problem ("must be …"), or undefined when the value is right. */
type Check = (value: string) => string | undefined;

export interface FunctionSetting {
  functions: readonly string[];
  usedBy: string;
  fallback: string;
  value: string;
  check?: Check;
}

const httpUrl: Check = (value) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? undefined : 'must be an absolute http(s) URL';
  } catch {
    return 'must be an absolute http(s) URL';
  }
};
const portNumber: Check = (value) => (/^\d+$/.test(value) && Number(value) <= 65535 ? undefined : 'must be a port number (0-65535)');
const languageTag: Check = (value) => {
  try {
    return Intl.getCanonicalLocales(value).length === 1 ? undefined : 'must be a BCP 47 language tag such as en-GB';
  } catch {
    return 'must be a BCP 47 language tag such as en-GB';
  }
};
const ianaTimeZone: Check = (value) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return undefined;
  } catch {
    return 'must be an IANA time zone such as Europe/Paris or UTC';
  }
};
const httpOrHttps: Check = (value) => (value === 'http' || value === 'https' ? undefined : 'must be http or https');

const PAYMENTS = ['create-checkout-session', 'checkout-session-status', 'billing-portal', 'manage-subscription', 'stripe-webhook'] as const;
const MAIL = ['deliver-mail'] as const;

export const FUNCTION_SETTINGS = {
  SUPABASE_URL: { functions: ['every function'], usedBy: 'the project\'s API address (set by Supabase itself)', fallback: 'given by the platform', value: 'absolute http(s) URL', check: httpUrl },
  SUPABASE_ANON_KEY: { functions: ['every function'], usedBy: 'the anon key, for calls as the signed-in caller (set by Supabase itself)', fallback: 'given by the platform', value: 'key' },
  SUPABASE_SERVICE_ROLE_KEY: { functions: ['every function'], usedBy: 'the service-role key (set by Supabase itself)', fallback: 'given by the platform', value: 'key' },
  APP_ORIGINS: { functions: ['every function'], usedBy: 'the app origins granted CORS (hosted: a function secret; the local stack passes its `CORS_ORIGINS`)', fallback: 'none (no origin is granted)', value: 'comma-separated origins' },
  SITE_URL: { functions: ['deliver-mail', 'calendar-feed', ...PAYMENTS], usedBy: "the app's public address: mail and calendar links, where Checkout returns without an `Origin`", fallback: '`deliver-mail`: none (503); the others: `http://127.0.0.1:4200`', value: 'absolute http(s) URL', check: httpUrl },
  GOOGLE_CLIENT_ID: { functions: ['drive-token'], usedBy: "Drive's server-side grant: the OAuth client", fallback: 'none (503); the local stack passes the emulator\'s', value: 'OAuth client id' },
  GOOGLE_CLIENT_SECRET: { functions: ['drive-token'], usedBy: "that client's secret", fallback: 'none (503)', value: 'OAuth client secret' },
  GOOGLE_TOKEN_URL: { functions: ['drive-token'], usedBy: "Google's token endpoint", fallback: '`https://oauth2.googleapis.com/token`', value: 'absolute http(s) URL', check: httpUrl },
  MAIL_API_URL: { functions: MAIL, usedBy: 'product mail through a Resend-compatible HTTP API ([docs/account-security.md](account-security.md))', fallback: 'none (503; the local stack writes mail to its outbox instead)', value: 'absolute http(s) URL', check: httpUrl },
  MAIL_API_KEY: { functions: MAIL, usedBy: "that API's key", fallback: 'none (503)', value: 'API key' },
  MAIL_FROM: { functions: MAIL, usedBy: 'the sender, shown as "Dossier <MAIL_FROM>"', fallback: 'none (503)', value: 'e-mail address' },
  MAIL_LOCALE: { functions: MAIL, usedBy: 'the language of dates in mail, for a person whose own is not known', fallback: '`en-GB`', value: 'BCP 47 language tag', check: languageTag },
  MAIL_TIME_ZONE: { functions: MAIL, usedBy: 'the time zone of those dates', fallback: '`UTC`', value: 'IANA time zone', check: ianaTimeZone },
  STRIPE_SECRET_KEY: { functions: PAYMENTS, usedBy: "Stripe's secret key (the local stack passes its emulator's)", fallback: 'none (503)', value: 'Stripe secret key' },
  STRIPE_WEBHOOK_SECRET: { functions: ['stripe-webhook'], usedBy: "the webhook endpoint's signing secret", fallback: 'none (503)', value: '`whsec_…`' },
  STRIPE_API_HOST: { functions: PAYMENTS, usedBy: 'another Stripe API host (the local stack: its emulator)', fallback: "Stripe's", value: 'host name' },
  STRIPE_API_PORT: { functions: PAYMENTS, usedBy: 'its port', fallback: "Stripe's", value: 'port', check: portNumber },
  STRIPE_API_PROTOCOL: { functions: PAYMENTS, usedBy: 'its protocol', fallback: '`https`', value: '`http` or `https`', check: httpOrHttps },
} satisfies Record<string, FunctionSetting>;

export type FunctionSettingName = keyof typeof FUNCTION_SETTINGS;

/** A function setting is wrong: the message names it, what it must be and what it got. */
export class FunctionSettingError extends Error {
  override readonly name = 'FunctionSettingError';
}

/**
 * One setting from a function's environment (`get` is Deno.env.get): undefined when unset or
 * empty; a value its rule refuses throws FunctionSettingError naming the variable.
 */
export function readFunctionSetting(name: FunctionSettingName, get: (name: string) => string | undefined): string | undefined {
  const value = get(name);
  if (value === undefined || value === '') return undefined;
  const problem = (FUNCTION_SETTINGS[name] as FunctionSetting).check?.(value);
  if (problem) throw new FunctionSettingError(`${name} ${problem} (got ${JSON.stringify(value)})`);
  return value;
}
