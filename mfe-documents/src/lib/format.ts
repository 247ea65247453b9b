export { formatBytes, formatDate } from '@dossier/shared/core';

/** Whole days from today to a yyyy-mm-dd date (negative when past). */
export function daysUntil(isoDay: string, today = new Date()): number {
  const target = new Date(`${isoDay}T00:00:00`);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target.getTime() - start.getTime()) / 86_400_000);
}
