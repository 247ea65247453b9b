import type { AppConfig, RemoteName } from '@dossier/shared';
import { googleClient } from '../auth/settings.js';

/** The local stack's public demo anon key (Supabase CLI default), used when none is given. */
export const LOCAL_DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

const ENV_OF_REMOTE: Record<RemoteName, string> = {
  documents: 'REMOTE_DOCUMENTS_URL',
  portfolios: 'REMOTE_PORTFOLIOS_URL',
  driveImport: 'REMOTE_DRIVE_IMPORT_URL',
  account: 'REMOTE_ACCOUNT_URL',
  debug: 'REMOTE_DEBUG_URL',
};

const flag = (value: string | undefined, fallback: boolean) => (value === undefined || value === '' ? fallback : /^(1|true|yes|on)$/i.test(value));

/**
 * app-config.json of a running instance (ARCHITECTURE.md "Ports and runtime config"). Every value
 * can be overridden by an environment variable; `defaults` carries what the running processes
 * know (the stack's URL and key, the remotes' actual addresses).
 */
export function appConfigFromEnv(
  env: NodeJS.ProcessEnv,
  defaults: { supabaseUrl: string; supabaseAnonKey?: string; googleUrl?: string; remotes: Record<RemoteName, string> },
): AppConfig {
  const googleUrl = env.GOOGLE_URL || defaults.googleUrl || 'http://127.0.0.1:54330';
  const remotes = Object.fromEntries(
    (Object.keys(ENV_OF_REMOTE) as RemoteName[]).map((name) => [name, env[ENV_OF_REMOTE[name]] || defaults.remotes[name]]),
  ) as Record<RemoteName, string>;
  return {
    supabaseUrl: env.SUPABASE_URL || defaults.supabaseUrl,
    supabaseAnonKey: env.SUPABASE_ANON_KEY || defaults.supabaseAnonKey || LOCAL_DEMO_ANON_KEY,
    remotes,
    drive: {
      enabled: flag(env.DRIVE_ENABLED, true),
      // The same OAuth client as the functions' GOOGLE_CLIENT_ID: drive-token exchanges the popup's
      // code with that client's secret, and Google refuses a code issued to another client.
      clientId: env.DRIVE_CLIENT_ID || googleClient(env).clientId,
      apiKey: env.DRIVE_API_KEY || 'dossier-local-api-key',
      apiBaseUrl: env.DRIVE_API_BASE_URL || `${googleUrl}/drive/v3`,
      authUrl: env.DRIVE_AUTH_URL || `${googleUrl}/o/oauth2/v2/auth`,
    },
    // Off unless asked for (issue #9): the diagnostic pages are for staff, and a deployment opts in.
    features: { debugRoutes: flag(env.DEBUG_ROUTES, false) },
    ...(env.UPLOAD_MAX_BYTES ? { uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES) } : {}),
  };
}
