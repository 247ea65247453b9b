import { AsyncLocalStorage } from 'node:async_hooks';

/** A function's request handler, as Deno.serve receives it on Supabase. */
export type FunctionHandler = (req: Request) => Response | Promise<Response>;

/** Per-request environment: each stack (tests run several) gives its functions its own URLs and keys. */
export const functionEnv = new AsyncLocalStorage<Record<string, string>>();

let captured: FunctionHandler | null = null;

/** Takes the handler the module just passed to Deno.serve (if any). */
export function takeCapturedHandler(): FunctionHandler | null {
  const h = captured;
  captured = null;
  return h;
}

interface DenoShim {
  env: { get(name: string): string | undefined; toObject(): Record<string, string> };
  serve(...args: unknown[]): { finished: Promise<void>; shutdown(): Promise<void> };
}

/**
 * The part of the `Deno` global Supabase functions use: `Deno.env.get` and `Deno.serve(handler)`
 * (also `Deno.serve(options, handler)` and `{ handler }`). Installed once; a real Deno is left alone.
 */
export function installDenoShim(): void {
  const g = globalThis as unknown as { Deno?: DenoShim & { __dossierShim?: boolean } };
  if (g.Deno) return;
  const shim: DenoShim & { __dossierShim: boolean } = {
    __dossierShim: true,
    env: {
      get: (name) => functionEnv.getStore()?.[name] ?? process.env[name],
      toObject: () => ({ ...(process.env as Record<string, string>), ...(functionEnv.getStore() ?? {}) }),
    },
    serve(...args: unknown[]) {
      const fn = args.find((a) => typeof a === 'function') as FunctionHandler | undefined;
      const opts = args.find((a) => a && typeof a === 'object') as { handler?: FunctionHandler } | undefined;
      captured = fn ?? opts?.handler ?? null;
      return { finished: new Promise<void>(() => undefined), shutdown: async () => undefined };
    },
  };
  g.Deno = shim;
}
