import type { AppConfig, RemoteName } from '@dossier/shared';
import { googleClient } from '../auth/settings.js';
import { DEMO_ANON_KEY } from '../keys.js';
import { LOCAL_DEFAULTS, REMOTE_URL_ENV } from './registry.js';

/** The local stack's public demo anon key (Supabase CLI default), used when none is given. */
export const LOCAL_DEMO_ANON_KEY = DEMO_ANON_KEY;

const flag = (value: string | undefined, fallback: boolean) => (value === undefined || value === '' ? fallback : /^(1|true|yes|on)$/i.test(value));

/**
 * app-config.json of a running instance (docs/architecture.md "Ports and runtime config"). Every value
 * can be overridden by an environment variable; `defaults` carries what the running processes
 * know (the stack's URL and key, the remotes' actual addresses).
 */
export function appConfigFromEnv(
  env: NodeJS.ProcessEnv,
  defaults: { supabaseUrl: string; supabaseAnonKey?: string; googleUrl?: string; remotes: Record<RemoteName, string> },
): AppConfig {
  const googleUrl = env.GOOGLE_URL || defaults.googleUrl || LOCAL_DEFAULTS.googleUrl;
  const remotes = Object.fromEntries(
    (Object.keys(REMOTE_URL_ENV) as RemoteName[]).map((name) => [name, env[REMOTE_URL_ENV[name]] || defaults.remotes[name]]),
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
      apiKey: env.DRIVE_API_KEY || LOCAL_DEFAULTS.driveApiKey,
      apiBaseUrl: env.DRIVE_API_BASE_URL || `${googleUrl}/drive/v3`,
      authUrl: env.DRIVE_AUTH_URL || `${googleUrl}/o/oauth2/v2/auth`,
    },
    // Off unless asked for (issue #9): the diagnostic pages are for staff, and a deployment opts in.
    features: { debugRoutes: flag(env.DEBUG_ROUTES, false) },
    ...(env.UPLOAD_MAX_BYTES ? { uploadMaxBytes: Number(env.UPLOAD_MAX_BYTES) } : {}),
  };
}
