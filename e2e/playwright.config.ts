import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// One results folder per run (workers inherit the variable): runs side by side never delete
// each other's traces.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;

/**
 * Specs that must have the machine and the shared environment to themselves (docs/testing-tiers.md):
 * they start their own stack and static hosts or rebuild a remote (CPU-heavy, and their waits
 * assume nothing else runs), rewrite a file of the shared production build (pwa: the service
 * worker's release, which every other spec with a service worker would see), or measure time.
 */
export const SERIAL_SPECS = [
  'contract-refused-remote',
  'deploy-rebuilt-remote',
  'offline-reload',
  'page-chunk-retry',
  'remote-down',
  'pwa',
  'load-budget',
  'vitals',
  'vitals-network-preload',
];
const serialSpecs = SERIAL_SPECS.map((name) => `**/${name}.spec.ts`);

/**
 * E2E_WORKERS=2 runs the other specs on two workers (one file per worker at a time, against the
 * one shared environment), then the serial specs alone. Unset or 1: today's single worker, every
 * spec in one project, in file order. A failure in the parallel tier skips the serial one (Playwright's
 * project dependencies), so those specs are reported as not run, never as passed.
 */
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 1) || 1);
const projects =
  workers === 1
    ? [{ name: 'chromium' }]
    : [
        { name: 'parallel', testIgnore: serialSpecs },
        { name: 'serial', testMatch: serialSpecs, dependencies: ['parallel'], workers: 1 },
      ];

/**
 * End-to-end suite: Debian's Chromium (never a downloaded browser) against the production build
 * served by the static hosts, with the local stack — all on free ports (global-setup.ts).
 */
export default defineConfig({
  testDir: './specs',
  outputDir: path.join(os.tmpdir(), 'dossier-e2e-results', process.env.E2E_RUN_ID),
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers,
  projects,
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
