import type { RoutineDef } from './catalogue.js';
import { RestError, pgrstError } from './errors.js';

/**
 * PostgREST's function resolution (its schema cache and `findProc`), so that an RPC that works
 * here resolves the same way on hosted Supabase:
 * - a function is callable when every input parameter is named, or when it has exactly one
 *   unnamed parameter of a raw-body type (json, jsonb, text, xml, bytea); others (e.g. `f(int)`,
 *   or a computed field `f(table_row)`) do not exist for the API (404 PGRST202);
 * - an overload matches when every argument given is one of its parameters and every parameter
 *   without a default is given; a single unnamed parameter matches the argument key "" or, for a
 *   POSTed JSON body, a json/jsonb parameter takes the whole body;
 * - more than one match is ambiguous: 300 PGRST203, never a guess.
 */

const RAW_BODY_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

export function isCallable(def: RoutineDef): boolean {
  if (def.args.every((a) => a.name !== '')) return true;
  return def.args.length === 1 && RAW_BODY_TYPES.has(def.args[0].type);
}

export interface PickedRoutine {
  def: RoutineDef;
  /** The single unnamed parameter receives the request body as a whole. */
  wholeBody: boolean;
}

function matchesNamed(def: RoutineDef, given: string[]): boolean {
  const names = new Set(def.args.map((a) => a.name));
  return given.every((g) => names.has(g)) && def.args.every((a) => a.hasDefault || given.includes(a.name));
}

function signature(def: RoutineDef): string {
  return `${def.schema}.${def.name}(${def.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
}

/** The overload PostgREST would call, or its 404 PGRST202 / 300 PGRST203 error. */
export function resolveRoutine(
  schema: string,
  name: string,
  all: RoutineDef[] | undefined,
  given: string[],
  options: { jsonBody: boolean; namesInSchema: () => string[] },
): PickedRoutine {
  const callable = (all ?? []).filter(isCallable);
  const strict = callable.filter((d) => matchesNamed(d, given));
  if (strict.length === 1) return { def: strict[0], wholeBody: strict[0].args.length === 1 && strict[0].args[0].name === '' };
  if (strict.length > 1) throw ambiguous(strict);
  // PostgREST's fallback: one unnamed json/jsonb parameter takes the whole JSON body.
  const fallback = options.jsonBody ? callable.filter((d) => d.args.length === 1 && d.args[0].name === '' && (d.args[0].type === 'json' || d.args[0].type === 'jsonb')) : [];
  if (fallback.length === 1) return { def: fallback[0], wholeBody: true };
  if (fallback.length > 1) throw ambiguous(fallback);
  throw functionNotFound(schema, name, given, callable, options.namesInSchema());
}

function ambiguous(defs: RoutineDef[]): RestError {
  const listed = defs
    .slice()
    .sort((a, b) => a.args.length - b.args.length || signature(a).localeCompare(signature(b)))
    .map(signature)
    .join(', ');
  return new RestError(
    300,
    pgrstError(
      'PGRST203',
      `Could not choose the best candidate function between: ${listed}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    ),
  );
}

/** PostgREST's 404 for an RPC no callable overload answers, with its "Perhaps you meant" hint. */
export function functionNotFound(schema: string, name: string, given: string[], overloads: RoutineDef[], namesInSchema: string[]): RestError {
  const args = [...given].sort().join(', ');
  const message = given.length ? `Could not find the function ${schema}.${name}(${args}) in the schema cache` : `Could not find the function ${schema}.${name} without parameters in the schema cache`;
  const searched = given.length ? ` with parameter${given.length > 1 ? 's' : ''} ${args}` : ' without parameters';
  let hint: string | null = null;
  if (overloads.length > 0) {
    // The overload whose parameter list is closest to what was sent.
    const best = closest(`(${args})`, overloads.map((d) => `(${d.args.map((a) => a.name).join(', ')})`));
    if (best) hint = `Perhaps you meant to call the function ${schema}.${name}${best}`;
  } else {
    const best = closest(name, namesInSchema.filter((n) => n !== name));
    if (best) hint = `Perhaps you meant to call the function ${schema}.${best}`;
  }
  return new RestError(
    404,
    pgrstError(
      'PGRST202',
      message,
      `Searched for the function ${schema}.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      hint,
    ),
  );
}

/** Levenshtein distance, two rows (names are short: the schema cache's function names). */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}

/** The most similar candidate if it is similar enough to be a likely typo (PostgREST uses a fuzzy set the same way). */
function closest(target: string, candidates: string[]): string | null {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  const t = norm(target);
  if (t === '') return null;
  let best: string | null = null;
  let bestScore = 0;
  for (const c of candidates) {
    const n = norm(c);
    if (n === '') continue;
    const score = 1 - distance(t, n) / Math.max(t.length, n.length);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return bestScore >= 0.7 ? best : null;
}
