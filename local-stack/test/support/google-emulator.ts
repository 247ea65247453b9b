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

/**
 * The setup of a Drive contract suite: the emulator served in `beforeAll`, closed in `afterAll`,
 * and its Drive emptied before each test (plus `beforeEach` when given). Returns a getter to call
 * inside tests and helpers: `const { base, emulator } = google();`.
 */
export function withGoogleEmulator(beforeEachTest?: () => void): () => ServedGoogleEmulator {
  let served: ServedGoogleEmulator | undefined;
  beforeAll(async () => {
    served = await serveGoogleEmulator();
  });
  afterAll(() => served?.close());
  beforeEach(() => {
    served!.emulator.drive.reset();
    beforeEachTest?.();
  });
  return () => {
    if (!served) throw new Error('withGoogleEmulator: the emulator is not served yet (call the getter inside a test)');
    return served;
  };
}
