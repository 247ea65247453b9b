/**
 * `npm run bench:dashboard` (also run by `npm run bench:load`): the signed-in dashboard of the
 * production build, in Chromium with a 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate), on
 * loopback against the local stack. Prints figures; asserts nothing (docs/architecture.md "Testing").
 *   - cold load of /dashboard for a signed-in person: JS bytes, requests, LCP, time to content
 *   - the sign-in click on /auth until the dashboard shows its content
 * Budget to aim for (issue 4): dashboard LCP under 1.5 s.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import { startTestStack } from '../local-stack/test/support/test-stack';
import { choosePorts, inBuiltApps, origins } from '../bench/support';
import { buildMissing, repoRoot } from './lib-instance';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CPU_SLOWDOWN = 4;
/** The dashboard "has content" when every widget has settled (no loading state left). */
const CONTENT = '[data-widget] >> nth=0';

class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the benchmark');
  }
}

interface Sample {
  jsBytes: number;
  requests: number;
  lcp: number;
  contentMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function watchLcp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __lcp: number }).__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) (window as unknown as { __lcp: number }).__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

async function dashboardSettled(page: Page) {
  await page.locator(CONTENT).waitFor();
  await page.waitForFunction(() => {
    const cards = [...document.querySelectorAll('[data-widget]')];
    return cards.length > 0 && cards.every((card) => card.textContent && !card.textContent.includes('Loading...'));
  });
}

async function main() {
  buildMissing(repoRoot());
  // The platform's test stack and the built apps on free ports (bench/support.ts), as every benchmark.
  const ports = await choosePorts();
  const stack = await startTestStack({ database: 'pglite', overrides: { corsOrigins: origins(ports) } });
  try {
    console.log(await inBuiltApps(stack, ports, 'Signed-in dashboard', (shellUrl, browser) => measure(stack, shellUrl, browser)));
  } finally {
    await stack.stop();
  }
}

async function measure(stack: { url: string; anonKey: string }, shellUrl: string, browser: Browser): Promise<string> {
  const supabase = createClient(stack.url, stack.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as unknown as typeof WebSocket },
  });
  const storageKey = `sb-${new URL(stack.url).hostname.split('.')[0]}-auth-token`;
  const consent = JSON.stringify({ essential: true, analytics: false, marketing: false, notifications: false, dataProcessing: false, termsAccepted: true, privacyAccepted: true, timestamp: new Date().toISOString(), version: '1.0' });

  const cold: Sample[] = [];
  const signIn: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const email = `bench-${randomUUID()}@example.com`;
    const password = `pw-${randomUUID()}`;
    const { data, error } = await supabase.auth.signUp({ email, password, options: { data: { name: 'Bench Person' } } });
    if (error) throw error;
    // The test stack may ask for a confirmed e-mail first: then the password signs in (as createTestUser does).
    const session = data.session ?? (await supabase.auth.signInWithPassword({ email, password })).data.session;
    if (!session) throw new Error('neither sign-up nor sign-in returned a session');

    // 1. Cold load of the signed-in dashboard (fresh browser profile: nothing cached).
    {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      await context.addInitScript(
        ([key, session, consentValue]) => {
          localStorage.setItem(key, session);
          localStorage.setItem('dossier-consent', consentValue);
        },
        [storageKey, JSON.stringify(session), consent] as const,
      );
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await watchLcp(page);
      let requests = 0;
      const scriptSizes: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        requests += 1;
        if (request.resourceType() === 'script') scriptSizes.push(request.sizes().then((sizes) => sizes.responseBodySize, () => 0));
      });
      const start = Date.now();
      await page.goto(`${shellUrl}/dashboard`);
      await dashboardSettled(page);
      const contentMs = Date.now() - start;
      await page.waitForTimeout(500); // let late responses be counted
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
      const jsBytes = (await Promise.all(scriptSizes)).reduce((sum, size) => sum + size, 0);
      cold.push({ jsBytes, requests, lcp, contentMs });
      await context.close();
    }

    // 2. From the sign-in click to the dashboard's content.
    {
      const context = await browser.newContext({ serviceWorkers: 'block' });
      await context.addInitScript((consentValue) => localStorage.setItem('dossier-consent', consentValue), consent);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await page.goto(`${shellUrl}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      const start = Date.now();
      await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard$/);
      await dashboardSettled(page);
      signIn.push(Date.now() - start);
      await context.close();
    }
  }

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  return [
    `\nSigned-in dashboard — production build, loopback, ${CPU_SLOWDOWN}x CPU slowdown, median of ${RUNS} runs`,
    `  JS transferred, encoded (cold):   ${kb(median(cold.map((s) => s.jsBytes)))}`,
    `  requests (cold):                  ${median(cold.map((s) => s.requests))}`,
    `  LCP (cold):                       ${median(cold.map((s) => s.lcp)).toFixed(0)} ms   (budget 1500 ms)`,
    `  cold load to dashboard content:   ${median(cold.map((s) => s.contentMs)).toFixed(0)} ms`,
    `  sign-in click to dashboard content: ${median(signIn).toFixed(0)} ms`,
    `  runs: ${cold.map((s) => `LCP ${s.lcp.toFixed(0)} ms / ${s.requests} req / ${kb(s.jsBytes)}`).join('; ')}`,
  ].join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
