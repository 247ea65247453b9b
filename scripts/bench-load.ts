/**
 * `npm run bench:load` (issue 24): loads of the production build in Chromium on the phone profile
 * of issue #9 — 390×844, touch, 4× CPU slowdown and DevTools' "Fast 3G" (562.5 ms latency,
 * 1.44 Mbps down) — cold (a new browser profile) and warm (the same page again: service worker
 * and HTTP cache). Pages: a visitor's / and /auth, a signed-in person's /documents (24 documents)
 * and /dashboard. Printed per page: gzip JavaScript and requests before the first document row
 * (on pages without rows: before the page settled), LCP and the first row's time. Figures are
 * printed, never asserted; e2e/specs/load-budget.spec.ts asserts the byte and request budgets.
 * Aims (issue 24): /documents ≤ 250 KB gzip JS, ≤ 30 requests, first row ≤ 3.5 s, LCP ≤ 3.0 s;
 * /dashboard LCP ≤ 3.0 s; /auth ≤ 150 KB, LCP ≤ 2.0 s; / ≤ 120 KB; warm first row ≤ 1.0 s.
 * BENCH_DIST_DIR=<dir> measures another build (a folder like dist/, e.g. an older commit's) for a
 * before/after in one session; BENCH_RUNS (default 3); BENCH_PROFILES=phone,desktop;
 * BENCH_PAGES=/documents,/auth only these pages; BENCH_DETAIL=1 also lists, per visit, every
 * request before the first row (start → arrival, and gzip size of scripts): where the bytes go.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildMissing, repoRoot } from './lib-instance';
// The load-budget spec's own measure (issue 24), through the suite's door for tools.
import {
  FIRST_ROW,
  collectScripts,
  loadFigures,
  seedAcceptedConsent,
  seedDocumentRows,
  seedSession,
  signUpFreshUser,
  startEnvironment,
  watchFirstRow,
  type LoadFigures,
  type SignedInUser,
} from '../e2e/support/tooling';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const PROFILES = (process.env.BENCH_PROFILES || 'phone').split(',') as Profile[];
const DOCUMENTS = 24;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];
const ALL_PAGES: { pathname: string; signedIn: boolean }[] = [
  { pathname: '/', signedIn: false },
  { pathname: '/auth', signedIn: false },
  { pathname: '/documents', signedIn: true },
  { pathname: '/dashboard', signedIn: true },
];
const ONLY = process.env.BENCH_PAGES?.split(',');
const PAGES = ALL_PAGES.filter((page) => !ONLY || ONLY.includes(page.pathname));
const DETAIL = Boolean(process.env.BENCH_DETAIL);

type Profile = 'desktop' | 'phone';

interface Sample extends LoadFigures {
  lcp: number;
}

async function throttle(context: BrowserContext, page: Page, profile: Profile) {
  if (profile !== 'phone') return;
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 });
}

/**
 * Until `selector` is on the page, asked with a plain evaluate every 250 ms. Not with a locator:
 * Playwright's selector engine is a large script that the first locator compiles and runs in the
 * page, on the main thread the bench measures — ~210 ms of it at 4× CPU in a trace of a warm
 * `/documents`, between the page's load event and its first row. The row's time itself is taken by
 * the page (watchFirstRow), so how often this asks does not change it.
 */
async function waitWithoutSelectorEngine(page: Page, selector: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate((s) => document.querySelector(s) !== null, selector))) {
    if (Date.now() > deadline) throw new Error(`${selector} did not appear within ${timeoutMs / 1000} s`);
    await page.waitForTimeout(250);
  }
}

/** One visit in this context: until the first row (or the page's h1) and a quiet network. */
async function visit(context: BrowserContext, pathname: string, profile: Profile, beforeClose?: (page: Page) => Promise<void>): Promise<Sample> {
  const page = await context.newPage();
  await throttle(context, page, profile);
  const bodies = collectScripts(page);
  await page.goto(pathname, { waitUntil: 'load', timeout: 180_000 });
  await waitWithoutSelectorEngine(page, pathname === '/documents' ? FIRST_ROW : 'main h1', 120_000);
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  // LCP is final once the page is hidden; web-vitals reports on visibility change.
  const lcp = await page.evaluate(() => (window as unknown as { __vitals: Record<string, number> }).__vitals.LCP ?? Number.NaN);
  const figures = await loadFigures(page, bodies);
  await beforeClose?.(page);
  await page.close();
  if (DETAIL) printDetail(pathname, figures);
  return { ...figures, lcp };
}

/**
 * Until the page's service worker is registered, installed, active and controlling the page (at
 * most 3 minutes); prints how long that took. "No registration yet" is not "settled", nor is a
 * worker just activated: the warm visit would then go to the network.
 */
async function serviceWorkerSettled(page: Page) {
  const started = Date.now();
  // A loop of evaluate(), not waitForFunction: the check is asynchronous (getRegistration), and
  // waitForFunction takes the Promise an async predicate returns as truthy at once — the warm
  // visit then sometimes went out before the worker had finished installing.
  const controlled = async () =>
    page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return true;
      // The worker claims the open pages once it is activated (sw.ts): this page controlled is
      // the sign that the next navigation goes to it.
      const registration = await navigator.serviceWorker.getRegistration();
      return navigator.serviceWorker.controller !== null && registration?.active?.state === 'activated' && !registration.installing && !registration.waiting;
    });
  let settled = await controlled();
  while (!settled && Date.now() - started < 180_000) {
    await page.waitForTimeout(250);
    settled = await controlled();
  }
  if (DETAIL) console.log(`  service worker ${settled ? 'settled' : 'still installing'} ${ms(Date.now() - started)} after the first row`);
}

/** Every request of a visit before its first row, in start order (start → last byte); scripts with their gzip size. */
function printDetail(pathname: string, figures: LoadFigures) {
  const gzip = new Map(figures.scripts.map((script) => [script.url, script.gzip]));
  console.log(`\n${pathname}: ${figures.requests} requests (the document and these), ${kb(figures.jsGzip)} gzip JS`);
  for (const { url, start, end } of figures.resources) {
    const size = gzip.get(url);
    console.log(`  ${ms(start).padStart(8)} → ${ms(end).padStart(7)}  ${size === undefined ? ''.padStart(9) : kb(size).padStart(9)}  ${url.replace(/^https?:\/\/127\.0\.0\.1/, '')}`);
  }
}

/** A cold visit in a new profile, then a warm one (service worker and HTTP cache) in the same. */
async function coldAndWarm(browser: Browser, baseURL: string, pathname: string, user: SignedInUser | undefined, webVitals: string, profile: Profile): Promise<[Sample, Sample]> {
  const context = await browser.newContext(profile === 'phone' ? { baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : { baseURL });
  if (user) await seedSession(context, user);
  await seedAcceptedConsent(context);
  await watchFirstRow(context);
  await context.addInitScript(`${webVitals}
    window.__vitals = {};
    webVitals.onLCP((m) => { window.__vitals.LCP = m.value; }, { reportAllChanges: true });`);
  try {
    // The service worker installs after the first visit and precaches the areas (a few MB, on the
    // same throttled link); "warm" is a visit once it has finished (a fixed 3 s wait used to
    // catch it mid-way, the warm visit then queued behind the precache).
    const cold = await visit(context, pathname, profile, serviceWorkerSettled);
    const warm = await visit(context, pathname, profile);
    return [cold, warm];
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${(value / 1000).toFixed(2)} s` : '—');

async function main() {
  const root = repoRoot();
  const distDir = process.env.BENCH_DIST_DIR ? path.resolve(process.env.BENCH_DIST_DIR) : undefined;
  if (!distDir) buildMissing(root);
  const webVitals = readFileSync(path.join(root, 'node_modules/web-vitals/dist/web-vitals.iife.js'), 'utf8');
  const environment = await startEnvironment({ withStack: true, distDir });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const setup = await browser.newPage({ baseURL: environment.shellUrl });
    await setup.goto('/app-config.json');
    const user = await signUpFreshUser(setup, 'Bench Person');
    await seedDocumentRows(user, DOCUMENTS);
    await setup.close();
    const rows: string[][] = [];
    for (const profile of PROFILES) {
      for (const { pathname, signedIn } of PAGES) {
        const cold: Sample[] = [];
        const warm: Sample[] = [];
        for (let i = 0; i < RUNS; i++) {
          const [c, w] = await coldAndWarm(browser, environment.shellUrl, pathname, signedIn ? user : undefined, webVitals, profile);
          cold.push(c);
          warm.push(w);
        }
        for (const [visitKind, samples] of [['cold', cold], ['warm', warm]] as const) {
          const pick = (key: keyof Sample) => median(samples.map((s) => s[key] as number));
          const label = `${pathname}${signedIn ? ' (signed in)' : ''} ${visitKind}${profile === 'desktop' ? ' [desktop]' : ''}`;
          rows.push([label, kb(pick('jsGzip')), kb(pick('jsSent')), String(pick('jsFiles')), String(pick('requests')), ms(pick('lcp')), ms(pick('firstRow'))]);
        }
      }
    }
    const header = ['page', 'gzip JS', 'JS sent', 'JS files', 'requests', 'LCP', 'first row'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
    console.log(`\nLoads of the production build${distDir ? ` (${distDir})` : ''}, Chromium, ${PROFILES.join(' and ')} profile (phone: 390×844, 4× CPU, Fast 3G), ${DOCUMENTS} documents, median of ${RUNS}`);
    console.log('gzip JS (the budgets\' measure), JS sent (the bytes on the wire: Brotli copies where the browser takes br; 0 from a cache), JS files and requests: started before the first document row (/documents) or before the page settled (others); warm: the same page again, service worker and HTTP cache.\n');
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
