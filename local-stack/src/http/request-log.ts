import type { MiddlewareHandler } from 'hono';
import type { JwtService } from './jwt.js';

/** The caller's user id for the log line: the `sub` of a token that verifies, else '-'. */
async function userOf(jwt: JwtService, authorization: string | undefined): Promise<string> {
  const token = /^bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  if (!token) return '-';
  try {
    const claims = await jwt.verify(token);
    return typeof claims.sub === 'string' ? claims.sub : '-';
  } catch {
    return '-';
  }
}

/** One line per request: method, path, status, milliseconds, user id. */
export function requestLog(jwt: JwtService, log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const ms = (performance.now() - started).toFixed(1);
    const user = await userOf(jwt, c.req.header('authorization'));
    log(`${c.req.method} ${c.req.path} ${c.res.status} ${ms}ms ${user}`);
  };
}
