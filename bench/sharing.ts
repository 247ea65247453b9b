/**
 * `npm run bench:sharing`: share links, printed (never asserted).
 *
 * For each database (PGlite; PostgreSQL when reachable — TEST_DATABASE_URL; BENCH_DATABASES limits):
 *   - link resolution through the API: POST /functions/v1/share-resolve {action:'open'} as an
 *     anonymous visitor (the Edge Function, then share_open's checks, view count and visit), p50/p95
 *     at 1 and at 20 concurrent visitors;
 *   - beside it, in the same run, a plain authenticated select of the same link row
 *     (GET /rest/v1/share_links?id=eq.…) with the owner's JWT, at 1 and 20 concurrent.
 * Then, when the apps are built (dist/), an anonymous visitor's time to the first preview of a
 * shared PDF in Chromium, cold (a new context each time): navigation start → page 1 drawn.
 */
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { startTestStack, type TestDatabase, type TestStack } from '../local-stack/test/support/test-stack.js';
import { createTestUser, type TestUser } from '../local-stack/test/support/users.js';
import { inBuiltApps, onEachDatabase, origins, percentile, type Ports } from './support.js';
import { writePdf } from '../local-stack/src/content/pdf.js';

const REQUESTS = Number(process.env.BENCH_ITERATIONS ?? 200);
const WARMUP = 10;

/** REQUESTS requests, `concurrency` in flight at a time; each one's latency. */
async function measure(label: string, concurrency: number, run: () => Promise<Response>, check: (body: unknown) => boolean): Promise<string> {
  for (let i = 0; i < WARMUP; i += 1) await (await run()).arrayBuffer();
  const samples: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const t0 = performance.now();
      const response = await run();
      const body: unknown = await response.json();
      samples.push(performance.now() - t0);
      if (!response.ok || !check(body)) throw new Error(`${label}: HTTP ${response.status} ${JSON.stringify(body)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  samples.sort((a, b) => a - b);
  return `${label.padEnd(58)} p50 ${percentile(samples, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(1).padStart(7)} ms`;
}

async function sharedPdf(stack: TestStack, user: TestUser): Promise<{ linkId: string; token: string }> {
  const id = randomUUID();
  const storagePath = `${user.id}/${id}/bench.pdf`;
  const pdf = writePdf(['Shared passport copy', 'Page for the benchmark']);
  const upload = await user.client.storage.from('documents').upload(storagePath, new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (upload.error) throw upload.error;
  const inserted = await user.client.from('documents').insert({ id, name: 'bench.pdf', storage_path: storagePath, mime_type: 'application/pdf', size: pdf.length });
  if (inserted.error) throw inserted.error;
  const link = await user.client.rpc('create_share_link', { document_id: id });
  if (link.error) throw link.error;
  const row = (link.data as Array<{ id: string; token: string }>)[0];
  return { linkId: row.id, token: row.token };
}

async function benchDatabase(database: TestDatabase, ports: Ports) {
  const stack = await startTestStack({ database, overrides: { corsOrigins: origins(ports) } });
  const user = await createTestUser(stack, 'bench');
  const { linkId, token } = await sharedPdf(stack, user);
  const anon = { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' };
  const owner = { apikey: stack.anonKey, authorization: `Bearer ${user.accessToken}` };
  const open = () => fetch(`${stack.url}/functions/v1/share-resolve`, { method: 'POST', headers: anon, body: JSON.stringify({ action: 'open', token }) });
  const select = () => fetch(`${stack.url}/rest/v1/share_links?select=id,expires_at,max_views,view_count,allow_download,revoked_at&id=eq.${linkId}`, { headers: owner });
  const opened = (b: unknown) => (b as { status?: string }).status === 'ok';
  const oneRow = (b: unknown) => Array.isArray(b) && b.length === 1;
  const lines = [`${database}: ${REQUESTS} requests per figure`];
  for (const concurrency of [1, 20]) {
    lines.push(await measure(`link resolution (share-resolve open), ${concurrency} concurrent`, concurrency, open, opened));
    lines.push(await measure(`plain authenticated select of the row, ${concurrency} concurrent`, concurrency, select, oneRow));
  }
  return { lines, stack, token };
}

async function firstPreview(stack: TestStack, token: string, ports: Ports): Promise<string> {
  return inBuiltApps(stack, ports, 'time to first preview', async (shellUrl, browser) => {
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const context = await browser.newContext();
      await context.addInitScript(() => {
        const observer = new MutationObserver(() => {
          if (document.querySelector('canvas.pdf-page')) {
            (window as unknown as { __preview?: number }).__preview ??= window.performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      const page = await context.newPage();
      await page.goto(`${shellUrl}/link/${token}`);
      await page.waitForSelector('canvas.pdf-page', { timeout: 60_000 });
      const ms = await page.evaluate(() => (window as unknown as { __preview?: number }).__preview ?? window.performance.now());
      if (i > 0) samples.push(ms); // the first load warms the server's caches
      await context.close();
    }
    samples.sort((a, b) => a - b);
    return `time to first preview of a shared PDF (anonymous, cold Chromium context): median ${percentile(samples, 50).toFixed(0)} ms, max ${samples[samples.length - 1].toFixed(0)} ms over ${samples.length} visits`;
  });
}

async function main() {
  console.log('bench:sharing — printed, not asserted\n');
  const databases = await onEachDatabase(benchDatabase, { label: 'time to first preview', measure: (result, ports) => firstPreview(result.stack, result.token, ports) });
  if (!databases.includes('postgres')) console.log('PostgreSQL: not reachable, not measured');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
