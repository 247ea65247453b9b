import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/** The last parse of each config.toml, kept while the file is unchanged (settings are read per request). */
const parsed = new Map<string, { mtimeMs: number; size: number; doc: Record<string, unknown> }>();

/** supabase/config.toml as a TOML document (smol-toml), or undefined when the file is absent. */
function configToml(supabaseDir: string): Record<string, unknown> | undefined {
  const file = path.join(supabaseDir, 'config.toml');
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) return undefined;
  const kept = parsed.get(file);
  if (kept && kept.mtimeMs === stat.mtimeMs && kept.size === stat.size) return kept.doc;
  try {
    const doc = parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    parsed.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, doc });
    return doc;
  } catch (e) {
    // A broken file must stop the start with where it broke, not read as "no setting".
    throw new Error(`${file} is not valid TOML: ${(e as Error).message}`, { cause: e });
  }
}

/** `[a.b]` → the table at a.b (dotted section names are nested tables in TOML). */
function entry(supabaseDir: string, section: string, key: string): unknown {
  let node: unknown = configToml(supabaseDir);
  for (const part of section.split('.')) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  return node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
}

/** `env(NAME)` values resolve from the environment, as the Supabase CLI does. */
const resolveEnv = (value: string, env: NodeJS.ProcessEnv): string | undefined => {
  const name = /^env\((\w+)\)$/.exec(value)?.[1];
  return name ? env[name] : value;
};

/**
 * Reads one scalar of supabase/config.toml (`[section]` then `key = value`), the file the Supabase
 * CLI configures a local project with; `env(NAME)` values resolve from the environment.
 */
export function tomlValue(supabaseDir: string, section: string, key: string, env: NodeJS.ProcessEnv = process.env): string | number | boolean | undefined {
  const value = entry(supabaseDir, section, key);
  if (typeof value === 'string') return resolveEnv(value, env);
  if (typeof value === 'bigint') return Number(value);
  return typeof value === 'number' || typeof value === 'boolean' ? value : undefined;
}

/**
 * One array of strings of supabase/config.toml (`key = ["a", "b"]`), as `[auth.webauthn]
 * rp_origins` is written; `env(NAME)` entries resolve from the environment, empty ones are dropped.
 */
export function tomlList(supabaseDir: string, section: string, key: string, env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const value = entry(supabaseDir, section, key);
  if (!Array.isArray(value)) return undefined;
  return value.map((v) => resolveEnv(String(v), env) ?? '').filter(Boolean);
}

/**
 * One of GoTrue's on/off settings: a test's override, else GoTrue's environment variable (as the
 * settings schema read it), else the boolean in config.toml; off when none is set.
 */
export function authSwitch(override: boolean | undefined, fromEnv: boolean | undefined, supabaseDir: string, section: string, key: string): boolean {
  if (override !== undefined) return override;
  if (fromEnv !== undefined) return fromEnv;
  return tomlValue(supabaseDir, section, key) === true;
}
