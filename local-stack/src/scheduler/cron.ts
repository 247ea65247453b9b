/**
 * The five-field cron expressions pg_cron reads (minute hour day-of-month month day-of-week, UTC):
 * `*`, numbers, lists `a,b`, ranges `a-b` and steps `* /n` or `a-b/n`. Enough for jobs.schedules;
 * pg_cron's extras (`@hourly`, seconds, `$` for the last day) are refused with a clear error.
 * Hand-written because no cron library is installed and this is ~40 lines (ADR 0415).
 */
export interface CronSchedule {
  /** The first moment after `after` (a whole minute) that the expression names. */
  next(after: Date): Date;
}

const FIELDS: [name: string, min: number, max: number][] = [
  ['minute', 0, 59],
  ['hour', 0, 23],
  ['day of month', 1, 31],
  ['month', 1, 12],
  ['day of week', 0, 7],
];

function parseField(text: string, [name, min, max]: (typeof FIELDS)[number]): Set<number> {
  const out = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`cron ${name} "${text}" is not understood`);
    const lo = m[1] === '*' ? min : Number(m[2]);
    const hi = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] ? max : lo;
    const step = m[4] ? Number(m[4]) : 1;
    if (lo < min || hi > max || lo > hi || step < 1) throw new Error(`cron ${name} "${text}" is out of range ${min}-${max}`);
    for (let v = lo; v <= hi; v += step) out.add(name === 'day of week' && v === 7 ? 0 : v);
  }
  return out;
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron "${expression}" needs five fields (minute hour day month weekday)`);
  const [minutes, hours, days, months, weekdays] = parts.map((p, i) => parseField(p, FIELDS[i]));
  // As in cron: when both day fields are restricted, either one matching is enough.
  const dayRestricted = parts[2] !== '*';
  const weekdayRestricted = parts[4] !== '*';
  const dayMatches = (d: Date) => {
    const dom = days.has(d.getUTCDate());
    const dow = weekdays.has(d.getUTCDay());
    return dayRestricted && weekdayRestricted ? dom || dow : dom && dow;
  };
  return {
    next(after) {
      const t = new Date(Math.floor(after.getTime() / 60_000) * 60_000 + 60_000);
      // Minute by minute, skipping whole days and hours that cannot match: at most a few thousand steps.
      for (let guard = 0; guard < 600_000; guard++) {
        if (!months.has(t.getUTCMonth() + 1) || !dayMatches(t)) {
          t.setUTCHours(24, 0, 0, 0);
        } else if (!hours.has(t.getUTCHours())) {
          t.setUTCMinutes(60, 0, 0);
        } else if (!minutes.has(t.getUTCMinutes())) {
          t.setUTCMinutes(t.getUTCMinutes() + 1, 0, 0);
        } else {
          return t;
        }
      }
      throw new Error(`cron "${expression}" never fires`);
    },
  };
}
