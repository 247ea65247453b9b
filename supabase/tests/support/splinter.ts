import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../../../local-stack/src/db/types.js';
import { findRepoRoot } from '../../../local-stack/src/config.js';
import { exposedSchemas } from '../../../local-stack/src/rest/index.js';
import type { LintFinding } from './database-lint.js';

// Supabase's own linter, vendored unmodified with its licence notice (splinter/NOTICE.md, ADR 0313).
const SPLINTER = readFileSync(path.join(findRepoRoot(), 'supabase', 'tests', 'support', 'splinter', 'splinter.sql'), 'utf8');

/**
 * Runs splinter's lints as Supabase's advisor does: as the owner, with an empty search_path and
 * `pgrst.db_schemas` naming the schemas the API exposes (supabase/config.toml). Call it inside an
 * admin transaction (the settings are local to it).
 */
export async function runSplinter(q: Queryable, supabaseDir: string): Promise<LintFinding[]> {
  // splinter.sql starts with `set local search_path = ''`; our driver runs one statement per query.
  const [setting, ...rest] = SPLINTER.split(/;\s*\n/);
  if (!/^\s*set local search_path/i.test(setting)) throw new Error('splinter.sql: expected it to start with `set local search_path`');
  await q.query(setting);
  await q.query(`select set_config('pgrst.db_schemas', $1, true)`, [exposedSchemas(supabaseDir).join(',')]);
  const r = await q.query<{ name: string; level: LintFinding['level']; detail: string; metadata: { schema?: string; name?: string } | null }>(rest.join(';\n'));
  return r.rows.map((f) => ({ name: f.name, level: f.level, object: [f.metadata?.schema, f.metadata?.name].filter(Boolean).join('.'), detail: f.detail }));
}
