import type { Queryable } from '../../src/db/types.js';
import type { TestStack } from './test-stack.js';

/**
 * Loads documents as the operator, the way a restore or a benchmark seed does: the plan-limit
 * trigger (supabase/migrations/…_plans_and_billing.sql) is off for the load. It counts a person's
 * documents on every row, so a bulk load of N rows would cost N² and a Free person could not hold
 * the thousands of rows these measurements need. People's own inserts stay limited.
 */
export async function bulkLoadDocuments<T>(stack: Pick<TestStack, 'db'>, load: (q: Queryable) => Promise<T>): Promise<T> {
  return stack.db.admin(async (q) => {
    await q.query('alter table public.documents disable trigger documents_enforce_plan_limit');
    try {
      return await load(q);
    } finally {
      await q.query('alter table public.documents enable trigger documents_enforce_plan_limit');
    }
  });
}
