import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Caps request bodies of the JSON APIs. `shape` renders the 413 in the mounted service's own
 * error format (PostgREST's or GoTrue's), so clients parse it like any other error.
 */
export function jsonBodyLimit(maxBytes: number, shape: (c: Context, message: string) => Response): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    // No `Connection: close` here: Node would then close the socket the moment the 413 is
    // written, while the client is still sending, and the client's kernel answers the unread
    // bytes with a reset that can discard the 413 before the client reads it. Instead the
    // server (@hono/node-server's drain: at most 500 ms and 64 MiB, then the socket is closed)
    // reads and discards the rest, as nginx's lingering close does, and HTTP framing keeps a
    // reused socket clean.
    onError: (c) => shape(c, `Request body exceeds the limit of ${maxBytes} bytes`),
  });
}
