// What every benchmark needs: free ports for the static hosts, their origins, percentiles.
import { reservePorts } from '../local-stack/src/static-host/free-port.js';

/** The page's origins, known before the stack starts so its CORS lets them in. */
export interface Ports {
  shell: number;
  remotes: { documents: number; portfolios: number; driveImport: number; account: number; debug: number };
}

/** Six distinct free ports, released at once: the benchmark starts its hosts right after. */
export async function choosePorts(): Promise<Ports> {
  const reserved = await reservePorts(6);
  await reserved.release();
  const [shell, documents, portfolios, driveImport, account, debug] = reserved.ports;
  return { shell, remotes: { documents, portfolios, driveImport, account, debug } };
}

export const origins = (ports: Ports) => [ports.shell, ...Object.values(ports.remotes)].map((p) => `http://127.0.0.1:${p}`);

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
