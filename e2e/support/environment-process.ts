/**
 * A running instance for tests, in its own process (run with tsx): optionally the local stack,
 * then the static hosts of the production build, all on free ports. Prints one line
 * `READY {json}` and then obeys stdin lines: `stop <remote>`, `start <remote>`, `exit`.
 * Environment: E2E_DIST_DIR (default <repo>/dist), E2E_WITH_STACK=1 to start the stack (from the
 * migrated PGlite template unless E2E_FRESH_DATABASE=1).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { RemoteName } from '@dossier/shared';
// The e2e harness runs the platform (an Nx application) in this separate process on purpose.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { appConfigFromEnv, reservePorts, startStaticHosts } from '@dossier/local-stack/static-host';
import { repoRoot } from './repo-root';


async function main() {
  const root = repoRoot();
  const distDir = process.env.E2E_DIST_DIR || path.join(root, 'dist');
  const remoteNames: RemoteName[] = ['documents', 'portfolios', 'driveImport', 'account', 'debug'];
  // The stack must know the shell's origin (CORS, redirects) before the shell listens.
  // Held until the stack has bound its own ports, then released just before the hosts listen.
  const reserved = await reservePorts(1 + remoteNames.length);
  const [shellPort, ...remotePortList] = reserved.ports;
  const remotePorts = Object.fromEntries(remoteNames.map((name, i) => [name, remotePortList[i]])) as Record<RemoteName, number>;
  const shellUrl = `http://127.0.0.1:${shellPort}`;

  let stack: { url: string; googleUrl: string; anonKey: string; stop(): Promise<void> } | undefined;
  let dataDir: string | undefined;
  const startFile = path.join(root, 'local-stack/src/start.ts');
  if (process.env.E2E_WITH_STACK === '1' && existsSync(startFile)) {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-e2e-stack-'));
    // A copy of the PGlite database already migrated to today's schema (the platform tests' own
    // template, keyed by the migrations' fingerprint and made on first use): initdb and every
    // migration cost 1–2 minutes per stack on this machine, a copy a few seconds. The stack still
    // runs its bootstrap and pending migrations on start (none), so it is the stack a fresh start
    // makes. E2E_FRESH_DATABASE=1 starts from an empty directory instead.
    if (process.env.E2E_FRESH_DATABASE !== '1') {
      // eslint-disable-next-line @nx/enforce-module-boundaries -- one home for migrated templates: the platform tests'
      const { copyPgliteTemplate } = await import('../../local-stack/test/support/database-templates');
      await copyPgliteTemplate(dataDir);
    }
    // eslint-disable-next-line @nx/enforce-module-boundaries -- see the import of static-host above
    const { startStack } = (await import('@dossier/local-stack/start')) as typeof import('@dossier/local-stack/start');
    stack = await startStack(
      {
        port: 0,
        googlePort: 0,
        stripePort: 0,
        dataDir,
        // localhost too: browsers refuse an IP address as WebAuthn relying party, so the passkey
        // spec opens the shell as http://localhost:<port> (issue 27).
        corsOrigins: [shellUrl, `http://localhost:${shellPort}`, ...Object.values(remotePorts).map((p) => `http://127.0.0.1:${p}`)],
        siteUrl: shellUrl,
        // The e2e helpers (shell-auth.ts) read the outbox with the service_role key: the public
        // demo keys are for tests only (an installation generates its own, installation-keys.ts).
        demoKeys: true,
        // The whole suite signs up a fresh person per test from one IP: supabase/config.toml's
        // per-IP budgets (30 sign-ins per 5 min, 2 e-mails per hour) would refuse the later tests.
        authRateLimits: { signInSignUps: 10_000, tokenRefresh: 10_000, tokenVerifications: 10_000, emailSent: 10_000 },
      },
      { log: () => undefined },
    );
  }

  await reserved.release();
  const hosts = await startStaticHosts({
    distDir,
    shellPort,
    remotePorts,
    appConfig: (remotes) =>
      appConfigFromEnv(
        // The suite covers the diagnostic pages (signed in as staff); production builds serve them only when asked.
        { DEBUG_ROUTES: process.env.DEBUG_ROUTES ?? 'true' },
        { supabaseUrl: stack?.url ?? 'http://127.0.0.1:9', supabaseAnonKey: stack?.anonKey, googleUrl: stack?.googleUrl, remotes },
      ),
  });

  const stop = async () => {
    await hosts.stop();
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGTERM', () => void stop().then(() => process.exit(0)));
  process.on('SIGINT', () => void stop().then(() => process.exit(0)));

  console.log(`READY ${JSON.stringify({ shellUrl: hosts.shellUrl, supabaseUrl: stack?.url ?? null, remotes: Object.fromEntries(Object.entries(hosts.remotes).map(([n, r]) => [n, r.url])) })}`);

  const lines = readline.createInterface({ input: process.stdin });
  lines.on('line', async (line) => {
    const [command, name] = line.trim().split(/\s+/) as [string, RemoteName | undefined];
    try {
      if (command === 'exit') {
        await stop();
        console.log('OK');
        process.exit(0);
      }
      const remote = name ? hosts.remotes[name] : undefined;
      if (!remote) throw new Error(`unknown remote ${name}`);
      if (command === 'stop') await remote.stop();
      else if (command === 'start') await remote.start();
      else throw new Error(`unknown command ${command}`);
      console.log('OK');
    } catch (error) {
      console.log(`ERROR ${(error as Error).message}`);
    }
  });
  lines.on('close', () => void stop().then(() => process.exit(0)));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
