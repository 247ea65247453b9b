import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Caps request bodies of the JSON APIs. `shape` renders the 413 in the mounted service's own
 * error format (PostgREST's or GoTrue's), so clients parse it like any other error.
 */
export function jsonBodyLimit(maxBytes: number, shape: (c: Context, message: string) => Response): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      const res = shape(c, `Request body exceeds the limit of ${maxBytes} bytes`);
      // The rest of the body is never read: close the connection so a client cannot reuse a
      // socket that still carries it.
      res.headers.set('Connection', 'close');
      return res;
    },
  });
}
