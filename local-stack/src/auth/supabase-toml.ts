import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads one scalar of supabase/config.toml (`[section]` then `key = value`), the file the Supabase
 * CLI configures a local project with. Enough TOML for the settings the local stack honours;
 * `env(NAME)` values resolve from the environment as the CLI does.
 */
export function tomlValue(supabaseDir: string, section: string, key: string, env: NodeJS.ProcessEnv = process.env): string | number | boolean | undefined {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return undefined;
  const text = readFileSync(file, 'utf8');
  const header = section.replace(/[.[\]\\-]/g, (ch) => `\\${ch}`);
  const body = new RegExp(`^\\[${header}\\][ \\t]*$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(text)?.[1];
  if (body === undefined) return undefined;
  const line = new RegExp(`^[ \\t]*${key.replace(/[-]/g, '\\-')}[ \\t]*=[ \\t]*(.+?)[ \\t]*(?:#.*)?$`, 'm').exec(body)?.[1];
  if (line === undefined) return undefined;
  if (line === 'true' || line === 'false') return line === 'true';
  const quoted = /^"(.*)"$/.exec(line)?.[1];
  if (quoted !== undefined) {
    const fromEnv = /^env\((\w+)\)$/.exec(quoted)?.[1];
    return fromEnv ? env[fromEnv] : quoted;
  }
  const n = Number(line);
  return Number.isFinite(n) ? n : line;
}

/**
 * One array of strings of supabase/config.toml (`key = ["a", "b"]`, on one line or several), as
 * `[auth.webauthn] rp_origins` is written; `env(NAME)` entries resolve from the environment.
 */
export function tomlList(supabaseDir: string, section: string, key: string, env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const file = path.join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return undefined;
  const header = section.replace(/[.[\]\\-]/g, (ch) => `\\${ch}`);
  const body = new RegExp(`^\\[${header}\\][ \\t]*$([\\s\\S]*?)(?=^\\[|(?![\\s\\S]))`, 'm').exec(readFileSync(file, 'utf8'))?.[1];
  const list = body === undefined ? undefined : new RegExp(`^[ \\t]*${key}[ \\t]*=[ \\t]*\\[([^\\]]*)\\]`, 'm').exec(body)?.[1];
  if (list === undefined) return undefined;
  return [...list.matchAll(/"([^"]*)"/g)]
    .map((m) => {
      const fromEnv = /^env\((\w+)\)$/.exec(m[1])?.[1];
      return fromEnv ? (env[fromEnv] ?? '') : m[1];
    })
    .filter(Boolean);
}
