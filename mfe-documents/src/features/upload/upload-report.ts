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

/** "Uploaded 3 · Skipped 1 · Failed 1 — <why>" for the upload list. */
export function uploadReport(items: readonly UploadItem[]): BulkReport {
  return bulkReport(items.map(uploadOutcome), { done: 'Uploaded', unit: 'file' });
}
