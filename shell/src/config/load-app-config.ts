import { AppConfigError, parseAppConfig, type AppConfig } from '@dossier/shared';
import { HttpError, ValidationError } from '@dossier/shared/core';
import { requestAppConfig } from './request-app-config';

/**
 * Reads /app-config.json (docs/architecture.md "Ports and runtime config") from a request already
 * under way (main.ts starts it early), or starts one, and parses it once against the contract's
 * schema. A file that does not match stops the start with a message naming every wrong field.
 */
export async function loadAppConfig(pending: Promise<Response> = requestAppConfig()): Promise<AppConfig> {
  const response = await pending;
  if (!response.ok) throw new HttpError(response.status, `app-config.json answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ValidationError('app-config.json is not valid JSON');
  }
  try {
    return parseAppConfig(body);
  } catch (error) {
    if (error instanceof AppConfigError) throw new ValidationError(error.message);
    throw error;
  }
}
