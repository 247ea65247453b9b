import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One results folder per run (workers inherit the variable): runs side by side never delete
// each other's traces.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;

/**
 * End-to-end suite: Debian's Chromium (never a downloaded browser) against the production build
 * served by the static hosts, with the local stack — all on free ports (global-setup.ts).
 */
export default defineConfig({
  testDir: './specs',
  outputDir: path.join(os.tmpdir(), 'dossier-e2e-results', process.env.E2E_RUN_ID),
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // The production build registers a service worker (docs/decisions/0012); suites about other
    // things run without it, the PWA, offline and share-target specs opt in with 'allow'.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
});
