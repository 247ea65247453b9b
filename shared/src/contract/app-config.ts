/** The names of the five remotes, as keys of app-config.json's `remotes`. */
export type RemoteName = 'documents' | 'portfolios' | 'driveImport' | 'account' | 'debug';

export const REMOTE_NAMES: readonly RemoteName[] = ['documents', 'portfolios', 'driveImport', 'account', 'debug'];

/**
 * `GET /app-config.json` — read by the shell at start (ARCHITECTURE.md "Ports and runtime config").
 * Remote locations are runtime data: each value is the URL of that remote's mf-manifest.json.
 */
export interface AppConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  remotes: Record<RemoteName, string>;
  drive: {
    enabled: boolean;
    clientId: string;
    apiKey: string;
    apiBaseUrl: string;
    authUrl: string;
  };
  features: {
    debugRoutes: boolean;
  };
  /** Upload size limit in bytes (default 50 MB). */
  uploadMaxBytes?: number;
}
