import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** How long a closing connection keeps reading what the client still sends (nginx: lingering_time). */
export const LINGER_MS = 2_000;

/**
 * Lingering close, as nginx does it. When a response ends the connection (`Connection: close`,
 * e.g. a 413 answered before the body was read), Node's `destroySoon` closes the socket as soon as
 * the response is written. A client still sending its body then meets a closed socket, and its
 * kernel answers the unread bytes with a reset that can discard our response before the client
 * read it ("other side closed" instead of the 413). Here the socket instead sends its FIN after the
 * response, keeps reading and discarding for at most LINGER_MS, and closes when the client does.
 * `Connection: close` still stays on such responses, so no client reuses a socket that carries the
 * rest of an unread body.
 */
export function lingerOnClose(server: Server): void {
  server.on('connection', (socket: Socket & { destroySoon?: () => void }) => {
    socket.destroySoon = function lingeringDestroySoon(this: Socket) {
      if (this.destroyed) return;
      const linger = () => {
        if (this.readableEnded) return void this.destroy();
        const timer = setTimeout(() => this.destroy(), LINGER_MS);
        timer.unref();
        this.once('end', () => this.destroy());
        this.once('close', () => clearTimeout(timer));
        this.resume();
      };
      if (this.writable) this.end();
      if (this.writableFinished) linger();
      else this.once('finish', linger);
    };
  });
}
