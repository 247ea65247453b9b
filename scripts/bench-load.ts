/**
 * `npm run bench:load`: cold loads of / and /documents (signed in) in Chromium against the
 * production build: JavaScript bytes (raw and gzip), request count, FCP and LCP (web-vitals).
 * Figures are printed, never asserted. Budget to aim for: / under 150 KB of gzip JavaScript.
 * Also the phone profile of issue #9: 390×844, touch, 4× CPU slowdown and DevTools' "Fast 3G"
 * (562.5 ms latency, 1.44 Mbps down, 675 kbps × 0.9 up) — aim: / at most 120 KB gzip JS, LCP < 1.5 s.
 * BENCH_DIST_DIR=<dir> measures another build (a folder like dist/, e.g. an older commit's) for a
 * before/after in the same session; e2e/specs/landing-weight.spec.ts asserts /'s byte budget.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { buildMissing, repoRoot } from './lib-instance';
import { startEnvironment } from '../e2e/support/environment';
import { seedSession, signUpFreshUser } from '../e2e/support/signed-in-session';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

interface Sample {
  jsRaw: number;
  jsGzip: number;
  jsFiles: number;
  requests: number;
  fcp: number;
  lcp: number;
}

type Profile = 'desktop' | 'phone';

async function coldLoad(browser: Browser, baseURL: string, pathname: string, signedIn: boolean, webVitals: string, profile: Profile = 'desktop'): Promise<Sample> {
  // A new context: empty cache, cold load.
  const context = await browser.newContext(profile === 'phone' ? { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : { baseURL });
  const page = await context.newPage();
  if (profile === 'phone') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 });
  }
  if (signedIn) await seedSession(context, await signUpFreshUser(page, 'Bench Person'));
  await context.addInitScript(`${webVitals}
    window.__vitals = {};
    webVitals.onFCP((m) => { window.__vitals.FCP = m.value; }, { reportAllChanges: true });
    webVitals.onLCP((m) => { window.__vitals.LCP = m.value; }, { reportAllChanges: true });`);
  const scripts: Promise<Buffer>[] = [];
  let requests = 0;
  page.on('request', () => requests++);
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(pathname, { waitUntil: 'networkidle' });
  await page.locator('main h1').first().waitFor();
  await page.waitForTimeout(500);
  // LCP is final once the page is hidden; web-vitals reports on visibility change.
  const vitals = await page.evaluate(() => (window as unknown as { __vitals: Record<string, number> }).__vitals);
  const bodies = await Promise.all(scripts);
  await context.close();
  return {
    jsRaw: bodies.reduce((n, b) => n + b.length, 0),
    jsGzip: bodies.reduce((n, b) => n + gzipSync(b).length, 0),
    jsFiles: bodies.length,
    requests,
    fcp: vitals.FCP ?? NaN,
    lcp: vitals.LCP ?? NaN,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');

async function main() {
  const root = repoRoot();
  const distDir = process.env.BENCH_DIST_DIR ? path.resolve(process.env.BENCH_DIST_DIR) : undefined;
  if (!distDir) buildMissing(root);
  const webVitals = readFileSync(path.join(root, 'node_modules/web-vitals/dist/web-vitals.iife.js'), 'utf8');
  const environment = await startEnvironment({ withStack: true, distDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const rows: string[][] = [];
    for (const profile of ['desktop', 'phone'] as const) {
      for (const [pathname, signedIn] of [['/', false], ['/documents', true]] as const) {
        const samples: Sample[] = [];
        for (let i = 0; i < RUNS; i++) samples.push(await coldLoad(browser, environment.shellUrl, pathname, signedIn, webVitals, profile));
        const pick = (key: keyof Sample) => median(samples.map((s) => s[key]));
        const label = `${pathname}${signedIn ? ' (signed in)' : ''}${profile === 'phone' ? ' [phone: 390×844, 4× CPU, Fast 3G]' : ''}`;
        rows.push([label, kb(pick('jsRaw')), kb(pick('jsGzip')), String(pick('jsFiles')), String(pick('requests')), ms(pick('fcp')), ms(pick('lcp'))]);
      }
    }
    const header = ['page', 'JS raw', 'JS gzip', 'JS files', 'requests', 'FCP', 'LCP'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`\nCold loads, production build${distDir ? ` (${distDir})` : ''}, Chromium, median of ${RUNS} (budget: / under 150 KB gzip JS; phone profile: / at most 120 KB, LCP under 1.5 s)\n`);
    console.log(line(header));
    console.log(widths.map((w) => '-'.repeat(w)).join('  '));
    for (const row of rows) console.log(line(row));
  } finally {
    await browser.close();
    await environment.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
