import * as v from 'valibot';
import { isHttpUrl } from '../contract/app-config';

/**
 * The value rules of the settings schema (settings.ts) and the declaration helper its modules
 * share: each rule reads the environment's string, refuses a wrong one with a message that
 * follows the variable's name ("SHELL_PORT must be …"), and turns a right one into its value.
 */

const FLAG_TRUE = /^(1|true|yes|on)$/i;
const FLAG = /^(1|true|yes|on|0|false|no|off)$/i;
const SIZE = /^\s*\d+(?:\.\d+)?\s*(b|kb|mb|gb|kib|mib|gib)?\s*$/i;
const wholeNumber = (value: string) => /^\d+$/.test(value.trim());

export const url = v.pipe(v.string(), v.check(isHttpUrl, 'must be an absolute http(s) URL'));
export const text = v.pipe(v.string(), v.nonEmpty('must not be empty'));
export const flag = v.pipe(v.string(), v.regex(FLAG, 'must be true or false (1/0, yes/no, on/off)'), v.transform((value) => FLAG_TRUE.test(value)));
export const port = v.pipe(
  v.string(),
  v.check((value) => /^\d+$/.test(value) && Number(value) <= 65535, 'must be a port number (0-65535, 0 = a free one)'),
  v.transform(Number),
);
export const bytes = v.pipe(v.string(), v.check((value) => /^[1-9]\d*$/.test(value), 'must be a positive whole number of bytes'), v.transform(Number));
/** Milliseconds, 0 meaning "none" (no limit, never, only when asked: the setting says which). */
export const millis = v.pipe(v.string(), v.check(wholeNumber, 'must be a whole number of milliseconds (0 = no limit)'), v.transform(Number));
/** A positive count (requests per window, archives to keep, …). */
export const count = (what: string) =>
  v.pipe(
    v.string(),
    v.check((value) => wholeNumber(value) && Number(value) >= 1, `must be a whole number of ${what} (1 or more)`),
    v.transform(Number),
  );
/** Comma-separated, blanks trimmed and dropped. */
export const list = v.pipe(
  v.string(),
  v.transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
);
/** A size as supabase/config.toml writes one: `50MiB`, `5MB`, `1024` (bytes). Kept as written; the reader turns it into bytes. */
export const size = v.pipe(v.string(), v.regex(SIZE, 'must be a size such as 50MiB, 5MB or 1048576 (bytes)'));
export const postgresUrl = v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL'));
export const oneOf = <T extends string>(values: readonly T[]) =>
  v.pipe(
    v.string(),
    v.check((value) => (values as readonly string[]).includes(value), `must be ${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`),
    v.transform((value) => value as T),
  );
export const locale = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      return Intl.getCanonicalLocales(value).length === 1;
    } catch {
      return false;
    }
  }, 'must be a BCP 47 language tag such as en-GB'),
);
export const timeZone = v.pipe(
  v.string(),
  v.check((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Europe/Paris or UTC'),
);

const NAMED_PERIODS: Record<string, number> = { hourly: 3_600_000, daily: 86_400_000, weekly: 7 * 86_400_000 };
const PERIOD_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };
const periodMs = (value: string): number => {
  const raw = value.trim().toLowerCase();
  const m = /^(\d+)\s*([mhd])$/.exec(raw);
  return NAMED_PERIODS[raw] ?? (m ? Number(m[1]) * PERIOD_UNITS[m[2]] : NaN);
};
/** `hourly`, `daily`, `weekly` or `<n>m|h|d` (at least a minute), as milliseconds. */
export const period = v.pipe(
  v.string(),
  v.check((value) => periodMs(value) >= 60_000, 'must be hourly, daily, weekly or a period such as 6h, 30m or 2d (at least 1m)'),
  v.transform(periodMs),
);

/** How a setting's value is written and what it means, for the generated table. */
export interface SettingInfo {
  usedBy: string;
  fallback: string;
  value: string;
}

export interface Setting<S extends v.GenericSchema<string, unknown>> extends SettingInfo {
  schema: S;
}

export const setting = <S extends v.GenericSchema<string, unknown>>(schema: S, usedBy: string, fallback: string, value: string): Setting<S> => ({ schema, usedBy, fallback, value });

/** The environment did not match the schema; the message names every wrong variable. */
export class SettingsError extends Error {
  override readonly name = 'SettingsError';
  constructor(readonly problems: readonly string[]) {
    super(`The environment is not valid: ${problems.join('; ')} (docs/configuration.md)`);
  }
}

/** One valibot object of declarations: each setting optional (unset or empty = its default). */
function schemaOf<T extends Record<string, Setting<v.GenericSchema<string, unknown>>>>(settings: T) {
  return v.object(
    Object.fromEntries(Object.entries(settings).map(([name, { schema }]) => [name, v.optional(schema)])) as {
      [K in keyof T]: v.OptionalSchema<T[K]['schema'], undefined>;
    },
  );
}

/**
 * The schema of some declarations and their reader: empty counts as unset, unknown variables are
 * ignored, a wrong value throws SettingsError naming every wrong variable.
 */
export function readerOf<T extends Record<string, Setting<v.GenericSchema<string, unknown>>>>(settings: T) {
  const schema = schemaOf(settings);
  const names = Object.keys(settings);
  const parse = (env: Record<string, string | undefined>): v.InferOutput<typeof schema> => {
    const given = Object.fromEntries(names.flatMap((name) => (env[name] ? [[name, env[name]]] : [])));
    const result = v.safeParse(schema, given);
    if (result.success) return result.output;
    throw new SettingsError(result.issues.map((issue) => `${v.getDotPath(issue)} ${issue.message} (got ${JSON.stringify(issue.input)})`));
  };
  return { schema, parse };
}
