// The one builder of app-config.json (ADR 0431): the webpack dev server (`nx serve shell` without
// APP_CONFIG_FILE), the static host of `npm start`, `npm run dev`, the e2e environment and the
// benches all call `appConfigFromEnv`, so a setting has one name and one default everywhere. The
// defaults are the registry's (shared/src/contract/registry.json); the caller passes only what its
// running processes know (the stack's address and key, the remotes' actual addresses). Plain
// CommonJS on purpose: the webpack config requires it, and the local stack (TypeScript) loads it too.
// The result is checked against the contract's schema by whoever serves it (parseAppConfig).
const registry = require('../../shared/src/contract/registry.json');

const DEMO_ANON_KEY = registry.local.anonKey;
/** '1', 'true', 'yes', 'on' (any case) are true; unset or empty is `fallback`; anything else false. */
const flag = (value, fallback) => (value === undefined || value === '' ? fallback : /^(1|true|yes|on)$/i.test(value));

/**
 * @param {Record<string, string | undefined>} env
 * @param {{ supabaseUrl?: string, supabaseAnonKey?: string, googleUrl?: string, remotes?: Record<string, string> }} [known]
 */
function appConfigFromEnv(env, known = {}) {
  const googleUrl = env.GOOGLE_URL || known.googleUrl || registry.local.googleUrl;
  const remotes = Object.fromEntries(
    Object.entries(registry.remotes).map(([name, remote]) => [name, env[remote.env] || (known.remotes?.[name] ?? `http://127.0.0.1:${remote.port}/mf-manifest.json`)]),
  );
  return {
    supabaseUrl: env.SUPABASE_URL || known.supabaseUrl || registry.local.supabaseUrl,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || known.supabaseAnonKey || DEMO_ANON_KEY,
    remotes,
    drive: {
      enabled: flag(env.DRIVE_ENABLED, true),
      // The same OAuth client as the functions' (config.toml's, then GOOGLE_CLIENT_ID): drive-token
      // exchanges the popup's code with that client's secret, and Google refuses a code issued to another.
      clientId: env.DRIVE_CLIENT_ID || env.SUPABASE_AUTH_EXTERNAL_GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_ID || registry.local.driveClientId,
      apiKey: env.DRIVE_API_KEY || registry.local.driveApiKey,
      apiBaseUrl: env.DRIVE_API_BASE_URL || `${googleUrl}/drive/v3`,
      authUrl: env.DRIVE_AUTH_URL || `${googleUrl}/o/oauth2/v2/auth`,
    },
    // Off unless asked for (issue #9): the diagnostic pages are for staff, and a deployment opts in.
    features: { debugRoutes: flag(env.DEBUG_ROUTES, false) },
    ...(env.UPLOAD_MAX_BYTES ? { uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES) } : {}),
  };
}

/** The dev server's config: the same builder; development turns the diagnostic pages on, as e2e does. */
function devAppConfig(env) {
  return appConfigFromEnv({ DEBUG_ROUTES: 'true', ...env });
}

module.exports = { appConfigFromEnv, devAppConfig, DEMO_ANON_KEY };
