import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { findRepoRoot } from '../config.js';
import { denoFor, type FunctionHandler } from './deno-shim.js';

/**
 * Deno-style specifiers Supabase functions use, mapped to the packages installed in this repo:
 * `npm:@supabase/supabase-js@2` → `@supabase/supabase-js`, `jsr:@supabase/supabase-js@2/x` →
 * `@supabase/supabase-js/x`, `https://esm.sh/hono@4` → `hono`. Anything else is left alone.
 */
export function nodeSpecifier(specifier: string): string {
  const m =
    /^(?:npm:|jsr:)(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(specifier) ??
    /^https:\/\/(?:esm\.sh|cdn\.skypack\.dev|cdn\.jsdelivr\.net\/npm|unpkg\.com)\/(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/.exec(specifier);
  if (!m) return specifier;
  return `${m[1]}${m[2] ?? ''}`;
}

/** `https://deno.land/std[@v]/http/server.ts`, `jsr:@std/http[@v][/server]`, `@std/http[/server]`. */
const STD_HTTP_SERVER = /^(?:https:\/\/deno\.land\/std(?:@[^/]+)?\/http\/server\.ts|(?:jsr:)?@std\/http(?:@[^/]+)?(?:\/server)?)$/;

const cache = new Map<string, { mtimeMs: number; handler: FunctionHandler }>();

/** The newest modification time under the function's folder and supabase/functions/_shared. */
function newestMtime(file: string): number {
  const stamp = (p: string) => {
    try {
      return statSync(p).mtimeMs;
    } catch {
      return 0;
    }
  };
  return Math.max(stamp(file), stamp(path.join(path.dirname(file), '..', '_shared')));
}

/**
 * Loads supabase/functions/<name>/index.ts the way the edge runtime would: esbuild bundles the
 * function's own files (TypeScript, relative imports, `_shared/`), packages stay external and are
 * required from the repo's node_modules, and the code runs with its own `Deno` (serve + env).
 * A module either calls Deno.serve(handler) or default-exports a handler (or `{ fetch }`).
 * Edited functions are rebuilt on the next call.
 */
export async function loadFunction(file: string): Promise<FunctionHandler> {
  const mtimeMs = newestMtime(file);
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.handler;

  const out = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Deno-style specifiers are resolved at run time (nodeSpecifier), never bundled; the editor-only
    // tsconfig of supabase/functions must not redirect them either.
    external: ['npm:*', 'jsr:*', 'https:*', 'http:*', 'node:*'],
    tsconfigRaw: '{}',
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const code = out.outputFiles[0].text;
  const nodeRequire = createRequire(path.join(findRepoRoot(), 'package.json'));
  let served: FunctionHandler | null = null;
  const deno = denoFor((h) => (served = h));
  const requireFn = (specifier: string) => {
    // Deno's standard library server (older functions: `serve` from std/http/server.ts) is Deno.serve here.
    if (STD_HTTP_SERVER.test(specifier)) return { serve: deno.serve };
    const id = nodeSpecifier(specifier);
    const loaded = nodeRequire(id) as Record<string, unknown>;
    return id === '@supabase/supabase-js' ? withoutRealtimeSocket(loaded) : loaded;
  };
  const mod: { exports: Record<string, unknown> } = { exports: {} };
  // Runs in this realm with an explicit `Deno`, so several stacks (tests) never share one global.
  const run = new Function('exports', 'require', 'module', '__filename', '__dirname', 'Deno', code);
  run(mod.exports, requireFn, mod, file, path.dirname(file), deno);

  const def = (mod.exports.default ?? null) as FunctionHandler | { fetch?: FunctionHandler } | null;
  const handler: FunctionHandler | null = served ?? (typeof def === 'function' ? def : typeof def?.fetch === 'function' ? def.fetch.bind(def) : null);
  if (!handler) throw new Error(`${file} neither calls Deno.serve(handler) nor default-exports a handler`);
  cache.set(file, { mtimeMs, handler });
  return handler;
}

/** Refuses to open: server-side functions do not subscribe to realtime. */
class NoWebSocket {
  constructor() {
    throw new Error('Realtime is not available in the local functions runtime');
  }
}

/**
 * Node 20 has no global WebSocket and supabase-js refuses to construct a client without one
 * (Deno, where functions run on Supabase, has it). Functions never use realtime, so clients
 * they create get a transport that only fails if realtime is actually used.
 */
function withoutRealtimeSocket(mod: Record<string, unknown>): Record<string, unknown> {
  const createClient = mod.createClient as (url: string, key: string, options?: Record<string, unknown>) => unknown;
  if (typeof createClient !== 'function' || (globalThis as { WebSocket?: unknown }).WebSocket) return mod;
  return {
    ...mod,
    createClient: (url: string, key: string, options: Record<string, unknown> = {}) =>
      createClient(url, key, { ...options, realtime: { transport: NoWebSocket, ...((options.realtime as Record<string, unknown>) ?? {}) } }),
  };
}
