// What every benchmark needs: free ports for the static hosts, their origins, percentiles, the
// built apps in a browser.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { findRepoRoot } from '../local-stack/src/config.js';
import { appConfigFromEnv } from '../local-stack/src/static-host/app-config.js';
import { reservePorts } from '../local-stack/src/static-host/free-port.js';
import { startStaticHosts } from '../local-stack/src/static-host/static-host.js';
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

/**
 * The built apps served on `ports` against `stack`, and a Chromium to open them: `run` measures
 * with the shell's URL and the browser, both closed after. Without a build of the shell and the
 * documents area in dist/, says `figure` was not measured.
 */
export async function inBuiltApps(
  stack: { url: string; anonKey: string },
  ports: Ports,
  figure: string,
  run: (shellUrl: string, browser: Browser) => Promise<string>,
): Promise<string> {
  const dist = path.join(findRepoRoot(), 'dist');
  if (!existsSync(path.join(dist, 'shell', 'index.html')) || !existsSync(path.join(dist, 'mfe-documents', 'mf-manifest.json'))) {
    return `${figure}: not measured (build the apps first: npx nx run-many -t build)`;
  }
  const { chromium } = await import('@playwright/test');
  const hosts = await startStaticHosts({
    distDir: dist,
    shellPort: ports.shell,
    remotePorts: ports.remotes,
    appConfig: (remotes) => appConfigFromEnv({}, { supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey, remotes }),
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    return await run(hosts.shellUrl, browser);
  } finally {
    await browser.close();
    await hosts.stop();
  }
}
