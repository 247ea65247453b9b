import { Hono } from 'hono';
import type { StackContext } from '../context.js';

// Temporary seam: the Google emulator (OAuth sign-in; Drive later) served on its own port.
export function createGoogleEmulator(_ctx: StackContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ error: { code: 501, message: 'google emulator not implemented yet' } }, 501));
  return app;
}
