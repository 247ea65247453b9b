/**
 * One home for what a bulk action (Drive import, uploads, library multi-select, transfers,
 * export) tells the person it did (issue 21 §4). Every number comes from the outcome of one
 * file or document; nothing is rounded up to "done" because the action stopped working on it.
 */

/** What happened to one file or document of a bulk action. */
export type BulkOutcome =
  /**
   * The action happened to it (imported, uploaded, moved, sent…); `as` names another verb it
   * happened as ('Updated' for a Drive file whose new version replaced the old), counted on its own.
   */
  | { state: 'done'; as?: string }
  /** Deliberately left alone (already imported, the person chose Skip): not a failure. */
  | { state: 'skipped'; reason?: string }
  /** It did not happen, and why, in the person's words. Cancelled files are failures too: they are not there. */
  | { state: 'failed'; reason: string }
  /** Not settled yet. */
  | { state: 'pending' };

/** The words of one action: "Imported 3 · Skipped 1 already imported · Failed 0". */
export interface BulkWords {
  /** The past tense of the action: 'Imported', 'Uploaded', 'Moved'. */
  done: string;
  /** What a skip means here, after "Skipped N": 'already imported'. */
  skipped?: string;
  /** What is counted, for the progress text: 'file' (plural adds an s). */
  unit?: string;
}

export interface BulkFailure {
  reason: string;
  count: number;
}

export interface BulkReport {
  total: number;
  done: number;
  skipped: number;
  failed: number;
  pending: number;
  /** done + skipped + failed: what the progress bar may count. */
  settled: number;
  finished: boolean;
  /** The failures' reasons, most frequent first (ties in order of appearance). */
  failures: BulkFailure[];
  /** The summary line, failures and their reasons included. */
  line: string;
  /** "62 of 92 files": settled of total, never more than what has settled. */
  progress: string;
}

/** "1 file", "3 files". */
export const countNoun = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** The reasons of the failures, grouped; most frequent first. */
function groupFailures(outcomes: readonly BulkOutcome[]): BulkFailure[] {
  const byReason = new Map<string, number>();
  for (const o of outcomes) if (o.state === 'failed') byReason.set(o.reason, (byReason.get(o.reason) ?? 0) + 1);
  return [...byReason].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
}

/** Reasons named in the line at most; more are left to each item's own row. */
const REASONS_IN_LINE = 2;

/** Why they failed, for the line: the one reason, or the most frequent ones each with its count. */
function failureText(failures: readonly BulkFailure[]): string {
  if (failures.length === 0) return '';
  if (failures.length === 1) return ` — ${failures[0].reason}`;
  const named = failures.slice(0, REASONS_IN_LINE).map((f) => `${f.count}: ${f.reason}`);
  const more = failures.length - REASONS_IN_LINE;
  return ` — ${named.join(' ')}${more > 0 ? ` (and ${more} other reason${more === 1 ? '' : 's'}, shown with each file)` : ''}`;
}

/** Counts what happened and says it in one line. */
export function bulkReport(outcomes: readonly BulkOutcome[], words: BulkWords): BulkReport {
  const count = (state: BulkOutcome['state']) => outcomes.filter((o) => o.state === state).length;
  const done = count('done');
  const skipped = count('skipped');
  const failed = count('failed');
  const pending = count('pending');
  const failures = groupFailures(outcomes);
  const otherVerbs = new Map<string, number>();
  for (const o of outcomes) if (o.state === 'done' && o.as) otherVerbs.set(o.as, (otherVerbs.get(o.as) ?? 0) + 1);
  const parts = [`${words.done} ${done - [...otherVerbs.values()].reduce((a, b) => a + b, 0)}`];
  if (words.skipped || skipped > 0) parts.push(`Skipped ${skipped}${words.skipped ? ` ${words.skipped}` : ''}`);
  parts.push(`Failed ${failed}${failureText(failures)}`);
  for (const [verb, n] of otherVerbs) parts.push(`${verb} ${n}`);
  if (pending > 0) parts.push(`${pending} still to go`);
  const settled = done + skipped + failed;
  return {
    total: outcomes.length,
    done,
    skipped,
    failed,
    pending,
    settled,
    finished: pending === 0,
    failures,
    line: parts.join(' · '),
    progress: `${settled} of ${countNoun(outcomes.length, words.unit ?? 'file')}`,
  };
}

/** How many documents the person's plan still has room for (my_plan_usage). */
export interface PlanRoom {
  planName: string;
  used: number;
  limit: number;
}

export interface PlanFit {
  /** Every chosen file fits. */
  fits: boolean;
  /** How many more documents the plan holds (0 when full). */
  room: number;
  /** Said before anything is downloaded when they do not all fit; '' when they do. */
  message: string;
}

/**
 * Whether `count` new documents fit the plan: asked before a bulk import downloads anything, so a
 * selection that cannot fit is said up front, not discovered file by file (issue 21 §4).
 */
export function planFit(count: number, plan: PlanRoom): PlanFit {
  const room = Math.max(0, plan.limit - plan.used);
  if (count <= room) return { fits: true, room, message: '' };
  const holds = `Your ${plan.planName} plan holds up to ${countNoun(plan.limit, 'document')} and you have ${plan.used}`;
  const message =
    room === 0
      ? `${holds}, so none of these ${countNoun(count, 'file')} fit. Upgrade your plan, or delete documents and empty the trash.`
      : `${holds}: only ${room} of these ${countNoun(count, 'file')} fit.`;
  return { fits: false, room, message };
}
