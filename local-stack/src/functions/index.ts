import { Hono } from 'hono';
import type { StackContext } from '../context.js';

// Temporary seam so main.ts compiles while the functions runtime is being written.
export function createFunctionsApp(_ctx: StackContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ error: 'functions not implemented yet' }, 501));
  return app;
}
