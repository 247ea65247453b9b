import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { buildGoogleEmulator, type GoogleEmulatorParts } from '../../src/google/index.js';
import type { StackContext } from '../../src/context.js';

export interface ServedGoogleEmulator {
  emulator: GoogleEmulatorParts;
  /** http://127.0.0.1:<port> */
  base: string;
  close(): Promise<void>;
}

/** The Google emulator alone, on a free port over real HTTP (Drive contract tests). */
export async function serveGoogleEmulator(): Promise<ServedGoogleEmulator> {
  const ctx = { config: { googleUrl: '' } } as unknown as StackContext;
  const emulator = buildGoogleEmulator(ctx);
  let server!: ServerType;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: emulator.app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  ctx.config.googleUrl = base;
  return { emulator, base, close: () => new Promise((r) => server.close(() => r())) };
}
