import type { AppConfig } from '@dossier/shared';
import { HttpError, ValidationError } from '@dossier/shared/core';
import { requestAppConfig } from './request-app-config';

/**
 * Reads /app-config.json (ARCHITECTURE.md "Ports and runtime config") from a request already
 * under way (main.ts starts it early), or starts one.
 */
export async function loadAppConfig(pending: Promise<Response> = requestAppConfig()): Promise<AppConfig> {
  const response = await pending;
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
