import { createServer } from 'node:net';

/**
 * A port free on 127.0.0.1 right now: for hosts that must know each other's addresses before
 * listening (the stack's CORS list needs the shell's origin first). Tests and benchmarks only.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
