import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { asPerson, type SignedInUser } from './signed-in-session';

/**
 * What a page load costs, measured the same way by `npm run bench:load` and the load-budget spec
 * (issue 24): the JavaScript and the requests a page needed before its first document row showed,
 * and when that was. Byte and request counts are deterministic; times are only printed.
 */

/** A row of the documents list (document-list.tsx). */
export const FIRST_ROW = '[data-testid="document-item"]';

export interface LoadFigures {
  /** Requests the page started before its first row (or its settled state): the document, then every resource. */
  requests: number;
  /** Scripts among them, and their bytes gzip-compressed (what a compressing host sends). */
  jsFiles: number;
  jsGzip: number;
  jsRaw: number;
  /** Their bytes as the host really sent them (the build's Brotli copies where the browser takes br, ADR 0495). */
  jsSent: number;
  /** ms after navigation start; NaN when the page has no document rows. */
  firstRow: number;
  /** Every script the page loaded, with its gzip size (for messages). */
  scripts: { url: string; gzip: number }[];
  /** Every resource counted in `requests`, in start order, with its start time (ms after navigation). */
  resources: { url: string; start: number; end: number }[];
}

/**
 * Call before navigating: notes when the first document row is attached (a MutationObserver, so
 * the moment it appears, not when a test polls for it).
 */
export async function watchFirstRow(context: BrowserContext): Promise<void> {
  await context.addInitScript((selector) => {
    const w = window as unknown as { __firstRow?: number };
    w.__firstRow = undefined;
    const observer = new MutationObserver(() => {
      if (w.__firstRow === undefined && document.querySelector(selector)) {
        w.__firstRow = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, FIRST_ROW);
}

/** A script's decoded bytes and how many bytes its body took on the wire. */
export type ScriptBodies = Map<string, Promise<{ bytes: Buffer; sent: number }>>;

/** Collects the page's script bodies (by URL) as they arrive; `figures` reads them later. */
export function collectScripts(page: Page): ScriptBodies {
  const bodies: ScriptBodies = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || bodies.has(response.url())) return;
    // Chromium reports no body size (a negative one) for an answer from the service worker or the cache.
    const sent = response.request().sizes().then((sizes) => Math.max(0, sizes.responseBodySize));
    bodies.set(
      response.url(),
      Promise.all([response.body(), sent]).then(([bytes, sentBytes]) => ({ bytes, sent: sentBytes }), () => ({ bytes: Buffer.alloc(0), sent: 0 })),
    );
  });
  return bodies;
}

/**
 * The figures of the load so far: requests and scripts started before the first row (or, on a
 * page without rows, everything the page has requested), from the page's own resource timing.
 */
export async function loadFigures(page: Page, bodies: ScriptBodies): Promise<LoadFigures> {
  const { firstRow, resources } = await page.evaluate(() => {
    const row = (window as unknown as { __firstRow?: number }).__firstRow;
    const cutoff = row ?? Number.POSITIVE_INFINITY;
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      firstRow: row ?? Number.NaN,
      resources: entries.filter((entry) => entry.startTime < cutoff).map((entry) => ({ url: entry.name, start: entry.startTime, end: entry.responseEnd })),
    };
  });
  const before = new Set(resources.map((resource) => resource.url));
  const scripts: LoadFigures['scripts'] = [];
  let jsRaw = 0;
  let jsSent = 0;
  for (const [url, body] of bodies) {
    if (!before.has(url)) continue;
    const { bytes, sent } = await body;
    jsRaw += bytes.length;
    jsSent += sent;
    scripts.push({ url, gzip: gzipSync(bytes).length });
  }
  return {
    requests: resources.length + 1,
    jsFiles: scripts.length,
    jsGzip: scripts.reduce((sum, script) => sum + script.gzip, 0),
    jsRaw,
    jsSent,
    firstRow,
    scripts,
    resources,
  };
}

/** `count` documents of this person (metadata rows; the list needs no file bodies to show them). */
export async function seedDocumentRows(user: SignedInUser, count: number): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const id = randomUUID();
    return { id, name: `Bench document ${String(i + 1).padStart(2, '0')}.pdf`, storage_path: `${user.session.user.id}/${id}/bench.pdf`, mime_type: 'application/pdf', size: 2048 + i };
  });
  const { error } = await asPerson(user).from('documents').insert(rows);
  if (error) throw new Error(`seeding ${count} documents failed: ${error.message}`);
}
