import { tomlValue } from './auth/supabase-toml.js';

/**
 * Production mode (`DOSSIER_MODE=production` or `NODE_ENV=production`): `npm start` on a server
 * that holds real documents. It never falls back to a development default — the public demo keys,
 * the loopback CORS list and site URL, the scheduler's test clock, the demo anon key in
 * app-config.json — and refuses to start, naming every variable to set, instead.
 */
const on = (value: string | undefined) => value !== undefined && /^(1|true|yes|on)$/i.test(value);

export function isProductionMode(env: NodeJS.ProcessEnv): boolean {
  return env.DOSSIER_MODE === 'production' || env.NODE_ENV === 'production';
}

function httpsUrl(value: string | undefined): boolean {
  try {
    return new URL(value ?? '').protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Passkeys are bound to a relying party id, a domain the page's address must be (or end in).
 * The development config.toml says `localhost`; on a public site every browser would refuse
 * every passkey, and nobody would know why until they tried one.
 */
function passkeyProblems(env: NodeJS.ProcessEnv, supabaseDir: string): string[] {
  const used = tomlValue(supabaseDir, 'auth.passkey', 'enabled', env) === true || tomlValue(supabaseDir, 'auth.mfa.web_authn', 'enroll_enabled', env) === true;
  let site: URL;
  try {
    site = new URL(env.SITE_URL ?? '');
  } catch {
    return []; // SITE_URL's own problem is named already
  }
  if (!used) return [];
  const configured = tomlValue(supabaseDir, 'auth.webauthn', 'rp_id', env);
  const rpId = typeof configured === 'string' && configured ? configured : 'localhost';
  if (site.hostname === rpId || site.hostname.endsWith(`.${rpId}`)) return [];
  return [
    `[auth.webauthn] rp_id in supabase/config.toml is "${rpId}" but the app is served from ${site.origin}: browsers would refuse every passkey. Set rp_id = "${site.hostname}" and rp_origins = ["${site.origin}"] (or rp_id = "env(PASSKEY_RP_ID)"), or turn passkeys off ([auth.passkey] enabled = false) — docs/passkeys.md`,
  ];
}

/**
 * What keeps this environment from running in production mode (empty: nothing). With the
 * project's supabase/ folder, its config.toml is checked too.
 */
export function productionProblems(env: NodeJS.ProcessEnv, supabaseDir?: string): string[] {
  const problems: string[] = [];
  if (on(env.STACK_DEMO_KEYS)) problems.push('STACK_DEMO_KEYS is set: the public demo keys are never used in production (unset it; the installation keys in <data folder>/keys.json are used)');
  if (on(env.SCHEDULER_TEST_CONTROLS)) problems.push('SCHEDULER_TEST_CONTROLS is set: moving the job clock is for end-to-end tests only (unset it)');
  if (!httpsUrl(env.SITE_URL)) problems.push(`SITE_URL must be the app's public https address, e.g. https://dossier.example.org (got ${env.SITE_URL ? `"${env.SITE_URL}"` : 'nothing'}; the default points at http://127.0.0.1:4200)`);
  if (!env.CORS_ORIGINS) problems.push("CORS_ORIGINS must list the app's public origin(s), e.g. https://dossier.example.org (the default allows the loopback development ports)");
  else if (env.CORS_ORIGINS.split(',').some((o) => /^http:\/\/(127\.0\.0\.1|localhost)(:|$)/.test(o.trim()))) problems.push('CORS_ORIGINS lists a loopback development origin; list only the public origin(s)');
  if (env.SUPABASE_URL) {
    if (!env.SUPABASE_ANON_KEY) problems.push("SUPABASE_URL is set but SUPABASE_ANON_KEY is not: the app would be given the local stack's public demo key");
  } else if (!httpsUrl(env.PUBLIC_API_URL)) {
    problems.push(`PUBLIC_API_URL must be the API's public https address behind the reverse proxy, e.g. https://api.dossier.example.org (got ${env.PUBLIC_API_URL ? `"${env.PUBLIC_API_URL}"` : 'nothing'})`);
  }
  if (supabaseDir) problems.push(...passkeyProblems(env, supabaseDir));
  return problems;
}

/** Throws one error naming every problem; returns the banner line of the mode otherwise. */
export function checkStartMode(env: NodeJS.ProcessEnv, supabaseDir?: string): string {
  if (!isProductionMode(env)) {
    return 'Mode: development defaults (demo-safe CORS for 127.0.0.1:4200-4205, keys per installation). For a server with real documents set DOSSIER_MODE=production (docs/self-host.md).';
  }
  const problems = productionProblems(env, supabaseDir);
  if (problems.length > 0) {
    throw new Error(`Production mode (DOSSIER_MODE/NODE_ENV=production) refuses to start with development defaults:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee docs/self-host.md.`);
  }
  return `Mode: production — no development defaults: installation keys, CORS ${env.CORS_ORIGINS}, site ${env.SITE_URL}, debug routes ${on(env.DEBUG_ROUTES) ? 'ON (DEBUG_ROUTES)' : 'off'}, test controls off.`;
}
