import { AsyncLocalStorage } from 'node:async_hooks';

/** A function's request handler, as Deno.serve receives it on Supabase. */
export type FunctionHandler = (req: Request) => Response | Promise<Response>;

/** Per-request environment: each stack (tests run several) gives its functions its own URLs and keys. */
export const functionEnv = new AsyncLocalStorage<Record<string, string>>();

export interface DenoShim {
  env: { get(name: string): string | undefined; has(name: string): boolean; toObject(): Record<string, string> };
  serve(...args: unknown[]): { finished: Promise<void>; shutdown(): Promise<void> };
}

/**
 * The part of the `Deno` global Supabase functions use: `Deno.env` (the stack's values for this
 * request, then process.env) and `Deno.serve(handler)` — also `Deno.serve(options, handler)` and
 * `Deno.serve({ handler })` — which hands the handler to `onServe` instead of listening.
 */
export function denoFor(onServe: (handler: FunctionHandler) => void): DenoShim {
  const get = (name: string) => functionEnv.getStore()?.[name] ?? process.env[name];
  return {
    env: {
      get,
      has: (name) => get(name) !== undefined,
      toObject: () => ({ ...(process.env as Record<string, string>), ...(functionEnv.getStore() ?? {}) }),
    },
    serve(...args: unknown[]) {
      const fn = args.find((a) => typeof a === 'function') as FunctionHandler | undefined;
      const opts = args.find((a) => a && typeof a === 'object') as { handler?: FunctionHandler } | undefined;
      const handler = fn ?? opts?.handler;
      if (handler) onServe(handler);
      return { finished: new Promise<void>(() => undefined), shutdown: async () => undefined };
    },
  };
}
