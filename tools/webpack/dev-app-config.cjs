// app-config.json for `nx serve shell` when no APP_CONFIG_FILE is given: ARCHITECTURE.md's
// default addresses, each overridable by the same variables the static host reads.
const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

function devAppConfig(env) {
  const remote = (key, port) => env[`REMOTE_${key}_URL`] || `http://127.0.0.1:${port}/mf-manifest.json`;
  const googleUrl = env.GOOGLE_URL || 'http://127.0.0.1:54330';
  return {
    supabaseUrl: env.SUPABASE_URL || 'http://127.0.0.1:54321',
    supabaseAnonKey: env.SUPABASE_ANON_KEY || DEMO_ANON_KEY,
    remotes: {
      documents: remote('DOCUMENTS', 4201),
      portfolios: remote('PORTFOLIOS', 4202),
      driveImport: remote('DRIVE_IMPORT', 4203),
      account: remote('ACCOUNT', 4204),
      debug: remote('DEBUG', 4205),
    },
    drive: {
      enabled: env.DRIVE_ENABLED ? /^(1|true|yes|on)$/i.test(env.DRIVE_ENABLED) : true,
      clientId: env.DRIVE_CLIENT_ID || 'dossier-local-client',
      apiKey: env.DRIVE_API_KEY || 'dossier-local-api-key',
      apiBaseUrl: env.DRIVE_API_BASE_URL || `${googleUrl}/drive/v3`,
      authUrl: env.DRIVE_AUTH_URL || `${googleUrl}/o/oauth2/v2/auth`,
    },
    features: { debugRoutes: env.DEBUG_ROUTES ? /^(1|true|yes|on)$/i.test(env.DEBUG_ROUTES) : true },
  };
}

module.exports = { devAppConfig, DEMO_ANON_KEY };
