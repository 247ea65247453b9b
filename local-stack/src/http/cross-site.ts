import type { MiddlewareHandler } from 'hono';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * No side effects from cross-site "simple" requests: a page elsewhere can POST a `text/plain` or
 * form body without any CORS preflight (sign-up with `?apikey=`, the emulator's fault endpoint …).
 * Browsers always send `Origin` with such a request, so a state-changing request whose Origin is
 * neither this server's own nor an allowed one is refused before any handler runs. Clients that
 * are not browsers send no Origin and are unaffected.
 */
export function refuseCrossSite(allowedOrigins: readonly string[], exempt: (path: string) => boolean = () => false): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    const origin = c.req.header('origin');
    if (!origin || allowed.has(origin)) return next();
    let sameOrigin = false;
    try {
      sameOrigin = new URL(origin).host === (c.req.header('host') ?? '');
    } catch {
      sameOrigin = false; // `Origin: null` (sandboxed frames, file:)
    }
    if (sameOrigin) return next();
    return c.json({ code: '403', message: `Cross-site request refused: ${origin} is not an allowed origin (CORS_ORIGINS)`, details: null, hint: null }, 403);
  };
}
