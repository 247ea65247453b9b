import type { SupabaseClient } from '@supabase/supabase-js';
import type { PlanRoom } from './bulk-report';

/**
 * The signed-in person's plan and how many documents it holds (the `my_plan_usage` function, the
 * same numbers Settings shows; a family plan counts the whole pool). Throws when it cannot be read:
 * the caller then goes on without the up-front check, and the database still enforces the limit.
 */
export async function readPlanRoom(client: SupabaseClient): Promise<PlanRoom> {
  const { data, error } = await client.rpc('my_plan_usage');
  if (error || !data) throw new Error(error?.message ?? 'No plan usage');
  const usage = data as { plan_name: string; documents_used: number | string; documents_limit: number | string };
  return { planName: usage.plan_name, used: Number(usage.documents_used), limit: Number(usage.documents_limit) };
}
