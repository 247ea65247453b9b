// What every benchmark needs: free ports for the static hosts, their origins, percentiles.
import { reservePorts } from '../local-stack/src/static-host/free-port.js';
import { databasesSync, type TestDatabase } from '../local-stack/test/support/test-stack.js';

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

/**
 * The server-side figures on each database (PGlite, and PostgreSQL when reachable;
 * BENCH_DATABASES=pglite,postgres narrows it), each with its own stack and free ports; the
 * browser figure only on the first database (the page does not depend on which one answers).
 */
export async function onEachDatabase<R extends { lines: string[]; stack: { stop(): Promise<void> } }>(
  measure: (database: TestDatabase, ports: Ports) => Promise<R>,
  inTheBrowser: { label: string; measure: (result: R, ports: Ports) => Promise<string> },
): Promise<TestDatabase[]> {
  const only = process.env.BENCH_DATABASES?.split(',').map((d) => d.trim());
  const databases = databasesSync().filter((d) => !only || only.includes(d));
  for (const database of databases) {
    const ports = await choosePorts();
    const result = await measure(database, ports);
    try {
      for (const line of result.lines) console.log(line);
      if (database === databases[0]) console.log(await inTheBrowser.measure(result, ports).catch((e) => `${inTheBrowser.label}: failed (${(e as Error).message})`));
    } finally {
      await result.stack.stop();
    }
    console.log('');
  }
  return databases;
}
