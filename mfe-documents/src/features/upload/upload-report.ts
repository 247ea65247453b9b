import { bulkReport, type BulkOutcome, type BulkReport } from '@dossier/shared/core';
import type { UploadItem } from './upload-manager';

/** What happened to one upload, for the shared bulk report (issue 21 §4). */
export function uploadOutcome(item: UploadItem): BulkOutcome {
  switch (item.status) {
    case 'done':
      return { state: 'done' };
    case 'skipped':
    case 'cancelled':
      // The person's own choice (Skip, Cancel): not a failure.
      return { state: 'skipped', reason: item.message };
    case 'refused':
    case 'failed':
      return { state: 'failed', reason: item.message ?? 'Not uploaded.' };
    default:
      // Being checked, waiting for the person's answer, on its way, or queued until online.
      return { state: 'pending' };
  }
}

/** "Uploaded 3 · Skipped 1 · Failed 1 — <why>" for a set of uploads. */
export function uploadReport(items: readonly UploadItem[]): BulkReport {
  return bulkReport(items.map(uploadOutcome), { done: 'Uploaded', unit: 'file' });
}

/**
 * The line under the upload list: what the latest batch did (the files added since the list was
 * last at rest, UploadItem.batch), not every file still listed — 2 files and then 44 read
 * "Uploaded 44", not "Uploaded 46". Failures of earlier batches still listed are never left out:
 * "… · Failed earlier 1 (shown with each file)".
 */
export function uploadSummary(items: readonly UploadItem[]): string {
  const latest = Math.max(...items.map((item) => item.batch));
  const report = uploadReport(items.filter((item) => item.batch === latest));
  const failedEarlier = items.filter((item) => item.batch !== latest && uploadOutcome(item).state === 'failed').length;
  return failedEarlier > 0 ? `${report.line} · Failed earlier ${failedEarlier} (shown with each file)` : report.line;
}
