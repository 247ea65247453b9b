// Formatting of sizes and dates for every area (one home: areas never write their own).

/** Human sizes: 1.2 MB, 340 KB, 12 bytes. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 || Number.isInteger(value) ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

const DATE_FORMATS = {
  /** '3 Mar 2027' in the person's locale (lists, cards). */
  short: new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }),
  /** '3 March 2027' (statements such as "Saved on …"). */
  long: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
};

/** A timestamp or yyyy-mm-dd as a local date; '' when missing or invalid. The one date formatter. */
export function formatDate(value: string | null | undefined, style: keyof typeof DATE_FORMATS = 'short'): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : DATE_FORMATS[style].format(date);
}

/** Whole days from today to a yyyy-mm-dd date (negative when past). */
export function daysUntil(isoDay: string, today = new Date()): number {
  const target = new Date(`${isoDay}T00:00:00`);
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target.getTime() - start.getTime()) / 86_400_000);
}
