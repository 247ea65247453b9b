import type { MiddlewareHandler } from 'hono';
import type { StackContext } from '../context.js';

/**
 * The operator's endpoints (scheduler, backups) answer only the service_role key, given as a
 * Bearer token or as `apikey`; anything else is 403 with `message` naming what is needed.
 */
export function requireServiceRole(ctx: StackContext, message: string): MiddlewareHandler {
  return async (c, next) => {
    const token = /^bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim() ?? c.req.header('apikey');
    let role: unknown;
    try {
      role = token ? (await ctx.jwt.verify(token)).role : undefined;
    } catch {
      role = undefined;
    }
    if (role !== 'service_role') return c.json({ error: 'forbidden', message }, 403);
    await next();
  };
}
