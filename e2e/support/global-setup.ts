import type { FullConfig } from '@playwright/test';
import { buildChanged } from './build-apps';
import { startEnvironment } from './environment';

/**
 * Builds what changed (Nx cache: unchanged apps are restored, not rebuilt), then starts the local stack and the static hosts of the
 * production build on free ports. Tests read the shell's address from E2E_BASE_URL (baseURL).
 */
export default async function globalSetup(_config: FullConfig) {
  buildChanged();
  const environment = await startEnvironment({ withStack: true });
  process.env.E2E_BASE_URL = environment.shellUrl;
  process.env.E2E_SUPABASE_URL = environment.supabaseUrl ?? '';
  console.log(`e2e against ${environment.shellUrl} (API ${environment.supabaseUrl ?? 'not started'})`);
  return async () => {
    await environment.stop();
  };
}
