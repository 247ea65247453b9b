import { createServer, type Server } from 'node:net';

/**
 * Ports free on 127.0.0.1, HELD until `release()`: for hosts that must know each other's
 * addresses before listening (the stack's CORS list needs the shell's origin first). Holding
 * them keeps the kernel from handing the same port to a second reservation or to a server that
 * binds port 0 meanwhile; release just before the real servers listen. Tests and benchmarks only.
 */
export async function reservePorts(count: number): Promise<{ ports: number[]; release(): Promise<void> }> {
  const servers: Server[] = [];
  const ports: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('no port');
    servers.push(server);
    ports.push(address.port);
  }
  return {
    ports,
    release: () => Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())))).then(() => undefined),
  };
}
