import type { MiddlewareHandler } from 'hono';
import type { JwtService } from './jwt.js';

/**
 * The caller's user id for the log line: the `sub` of a token that verifies, else '-'. Verified
 * tokens are remembered until they expire, so logging adds no signature check per request.
 */
function userLookup(jwt: JwtService) {
  const known = new Map<string, { sub: string; exp: number }>();
  return async (authorization: string | undefined): Promise<string> => {
    const token = /^bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
    if (!token) return '-';
    const hit = known.get(token);
    const now = Date.now() / 1000;
    if (hit && hit.exp > now) return hit.sub;
    try {
      const claims = await jwt.verify(token);
      const sub = typeof claims.sub === 'string' ? claims.sub : '-';
      if (known.size >= 1000) known.clear();
      known.set(token, { sub, exp: typeof claims.exp === 'number' ? claims.exp : now + 60 });
      return sub;
    } catch {
      return '-';
    }
  };
}

/** One line per request: method, path, status, milliseconds, user id. */
export function requestLog(jwt: JwtService, log: (line: string) => void): MiddlewareHandler {
  const userOf = userLookup(jwt);
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    const user = await userOf(c.req.header('authorization'));
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${user}`);
  };
}
