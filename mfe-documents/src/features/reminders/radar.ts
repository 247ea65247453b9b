/** The expiry radar's groups (issue 15 §3): overdue, this month (30 days), next 3 months. */
export type RadarGroup = 'overdue' | 'month' | 'quarter';

export const RADAR_TITLES: Record<RadarGroup, string> = {
  overdue: 'Overdue',
  month: 'This month',
  quarter: 'Next 3 months',
};

export const RADAR_ORDER: readonly RadarGroup[] = ['overdue', 'month', 'quarter'];

/** Days back an expired document stays on the radar (after that it is history, not a task). */
export const OVERDUE_DAYS = 365;
export const RADAR_DAYS = 90;

export function radarGroup(daysLeft: number): RadarGroup | null {
  if (daysLeft < -OVERDUE_DAYS || daysLeft > RADAR_DAYS) return null;
  if (daysLeft < 0) return 'overdue';
  return daysLeft <= 30 ? 'month' : 'quarter';
}

export function daysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  if (daysLeft < 0) return `${-daysLeft} day${daysLeft === -1 ? '' : 's'} ago`;
  return `in ${daysLeft} day${daysLeft === 1 ? '' : 's'}`;
}

export function reminderText(name: string, daysBefore: number): string {
  return daysBefore === 0 ? `${name} expires today` : `${name} expires in ${daysBefore} days`;
}
