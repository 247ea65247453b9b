/**
 * `app-config.json` as main.ts reads it before the shell's code is here (ADR 0482, 0483): a copy
 * of the response's body, parsed without the schema (the shell checks the file itself when it
 * starts, and shows what is wrong). Null when the file did not come; never rejects.
 */
export interface EarlyAppConfig {
  supabaseUrl?: unknown;
  supabaseAnonKey?: unknown;
  remotes?: Record<string, unknown>;
  features?: { debugRoutes?: unknown };
}

export function readAppConfigEarly(appConfigResponse: Promise<Response>): Promise<EarlyAppConfig | null> {
  return appConfigResponse
    // A copy of the body: the shell reads the response itself once its code is here.
    .then((response) => (response.ok ? (response.clone().json() as Promise<EarlyAppConfig>) : null))
    .then((config) => (config && typeof config === 'object' ? config : null))
    .catch(() => null);
}

/** An absolute http(s) address (nothing else is fetched from a value read before the schema). */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
