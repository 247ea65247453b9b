import { bulkReport } from '@dossier/shared/core';

/** Why a selected document was not changed: the database skipped it (deleted meanwhile, or not the person's). */
export const NOT_CHANGED_REASON = 'It is no longer in your documents (deleted on another device or tab).';

/**
 * The toast after a change to many documents (library multi-select): the success text when every
 * selected document changed; otherwise the shared bulk report's line, counting what changed and
 * what did not, and why (issue 21 §4) — never "Moved 5" for 3.
 */
export function bulkChangeToast(ids: readonly string[], changed: readonly string[], verb: string, success: string): { title: string; variant: 'success' | 'warning' } {
  const done = new Set(changed);
  if (ids.every((id) => done.has(id))) return { title: success, variant: 'success' };
  const report = bulkReport(ids.map((id) => (done.has(id) ? { state: 'done' as const } : { state: 'failed' as const, reason: NOT_CHANGED_REASON })), { done: verb, unit: 'document' });
  return { title: report.line, variant: 'warning' };
}
