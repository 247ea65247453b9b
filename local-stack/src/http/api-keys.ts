import type { StackConfig } from '../context.js';

/**
 * The role of an API key, or null: only the installation's two keys are API keys, as behind
 * Supabase's gateway. A user's access token, however valid, is not an `apikey`.
 */
export function apiKeyRole(config: Pick<StackConfig, 'anonKey' | 'serviceRoleKey'>, key: string | null | undefined): 'anon' | 'service_role' | null {
  if (!key) return null;
  if (key === config.anonKey) return 'anon';
  if (key === config.serviceRoleKey) return 'service_role';
  return null;
}
