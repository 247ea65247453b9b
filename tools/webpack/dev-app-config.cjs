// app-config.json for `nx serve shell` when no APP_CONFIG_FILE is given: the registry's local
// defaults (shared/src/contract/registry.json), each overridable by the same variables the static
// host reads. The shell parses it against the contract's schema; tools' tests check it does.
const registry = require('../../shared/src/contract/registry.json');

const DEMO_ANON_KEY = registry.local.anonKey;
const flag = (value, fallback) => (value ? /^(1|true|yes|on)$/i.test(value) : fallback);

function devAppConfig(env) {
  const googleUrl = env.GOOGLE_URL || registry.local.googleUrl;
  const remotes = Object.fromEntries(
    Object.entries(registry.remotes).map(([name, remote]) => [name, env[remote.env] || `http://127.0.0.1:${remote.port}/mf-manifest.json`]),
  );
  return {
    supabaseUrl: env.SUPABASE_URL || registry.local.supabaseUrl,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || DEMO_ANON_KEY,
    remotes,
    drive: {
      enabled: flag(env.DRIVE_ENABLED, true),
      clientId: env.DRIVE_CLIENT_ID || registry.local.driveClientId,
      apiKey: env.DRIVE_API_KEY || registry.local.driveApiKey,
      apiBaseUrl: env.DRIVE_API_BASE_URL || `${googleUrl}/drive/v3`,
      authUrl: env.DRIVE_AUTH_URL || `${googleUrl}/o/oauth2/v2/auth`,
    },
    features: { debugRoutes: flag(env.DEBUG_ROUTES, true) },
  };
}

module.exports = { devAppConfig, DEMO_ANON_KEY };
