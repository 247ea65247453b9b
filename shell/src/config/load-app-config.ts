import type { AppConfig } from '@dossier/shared';
import { HttpError, ValidationError } from '@dossier/shared/core';

/**
 * Reads /app-config.json (ARCHITECTURE.md "Ports and runtime config"). no-cache: a redeployed
 * remote or a moved API must be picked up on the next load.
 */
export async function loadAppConfig(fetcher: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetcher('/app-config.json', { cache: 'no-cache', headers: { accept: 'application/json' } });
  if (!response.ok) throw new HttpError(response.status, `app-config.json answered ${response.status}`);
  return parseAppConfig(await response.json());
}

export function parseAppConfig(value: unknown): AppConfig {
  const config = value as Partial<AppConfig> | null;
  if (!config || typeof config !== 'object') throw new ValidationError('app-config.json is not an object');
  for (const key of ['supabaseUrl', 'supabaseAnonKey'] as const) {
    if (typeof config[key] !== 'string' || config[key] === '') throw new ValidationError(`app-config.json lacks ${key}`);
  }
  if (!config.remotes || typeof config.remotes !== 'object') throw new ValidationError('app-config.json lacks remotes');
  return {
    ...config,
    drive: config.drive ?? { enabled: false, clientId: '', apiKey: '', apiBaseUrl: '', authUrl: '' },
    features: { debugRoutes: config.features?.debugRoutes ?? false },
  } as AppConfig;
}
