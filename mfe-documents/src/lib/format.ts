// Sizes are formatted the same in every area (the plan badge shows them too).
export { formatBytes } from '@dossier/shared/core';

const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** A timestamp or yyyy-mm-dd as a short local date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

/** Whole days from today to a yyyy-mm-dd date (negative when past). */
export function daysUntil(isoDay: string, today = new Date()): number {
  const target = new Date(`${isoDay}T00:00:00`);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target.getTime() - start.getTime()) / 86_400_000);
}
