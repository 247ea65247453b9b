import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { repoRoot } from '../support/repo-root';
import { signInFreshUser } from '../support/signed-in-session';

// These tests are about the service worker: let Chromium run it (the suite may block it elsewhere).
test.use({ serviceWorkers: 'allow' });

async function controlledBy(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

/** Sends a SPEC §7 message to the worker and returns its reply (MessageChannel). */
function ask(page: Page, message: object) {
  return page.evaluate(
    (msg) =>
      new Promise((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(event.data);
        navigator.serviceWorker.controller!.postMessage(msg, [channel.port2]);
      }),
    message,
  );
}

function pngSize(body: Buffer): [number, number] {
  expect(body.subarray(1, 4).toString('ascii')).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

test('the web app manifest makes Dossier installable, with real icons and a share target', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const response = await page.request.get('/manifest.webmanifest');
  expect(response.ok()).toBe(true);
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: 'Dossier', short_name: 'Dossier', display: 'standalone', scope: '/' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.share_target).toMatchObject({ action: '/share-handler', method: 'POST', enctype: 'multipart/form-data' });
  expect(manifest.share_target.params.files[0].name).toBe('files');
  expect(manifest.share_target.params.files[0].accept).toEqual(expect.arrayContaining(['application/pdf', 'image/*', 'text/plain']));

  const sizes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; purpose: string }[]) {
    const file = await page.request.get(icon.src);
    expect(file.headers()['content-type']).toContain('image/png');
    const [width, height] = pngSize(await file.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
    sizes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...sizes]).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable', '180x180 any']));
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', '/icons/apple-touch-icon-180.png');
});

test('offline, the installed shell still opens and the data API answers from the fallback cache', async ({ page, context }) => {
  const user = await signInFreshUser(page, 'Offline Olga');
  await page.goto('/dashboard');
  await controlledBy(page);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Offline Olga$/ })).toBeVisible();

  const readCategories = () =>
    page.evaluate(
      async ({ url, key, token }) => {
        const response = await fetch(`${url}/rest/v1/user_document_categories?select=name&order=sort_order`, {
          headers: { apikey: key, Authorization: `Bearer ${token}` },
        });
        return { status: response.status, names: ((await response.json()) as { name: string }[]).map((row) => row.name) };
      },
      { url: user.config.supabaseUrl, key: user.config.supabaseAnonKey, token: user.session.access_token },
    );
  // This user was signed up outside the page (no onboarding event): onboard through the API.
  await page.evaluate(
    async ({ url, key, token }) => {
      await fetch(`${url}/rest/v1/rpc/create_default_categories`, { method: 'POST', headers: { apikey: key, Authorization: `Bearer ${token}` } });
    },
    { url: user.config.supabaseUrl, key: user.config.supabaseAnonKey, token: user.session.access_token },
  );
  expect((await readCategories()).names).toHaveLength(20); // answered by the network, and cached

  await context.setOffline(true);
  try {
    const offline = await readCategories();
    expect(offline.status).toBe(200);
    expect(offline.names).toHaveLength(20);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: /^Welcome(?: back)?, Offline Olga$/ })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    await context.setOffline(false);
  }
});

test("the worker speaks SPEC §7's message protocol", async ({ page }) => {
  await page.goto('/');
  await controlledBy(page);

  expect(await ask(page, { type: 'OAUTH_HEALTH_CHECK' })).toMatchObject({ type: 'OAUTH_HEALTH_STATUS', healthy: true, cachedAuthResponses: 0 });
  expect(await ask(page, { type: 'CLEAR_OAUTH_CACHE' })).toMatchObject({ type: 'OAUTH_CACHE_CLEARED', removed: 0 });
  expect(await ask(page, { type: 'REGISTER_BACKGROUND_SYNC', tag: 'dossier-pending-operations' })).toMatchObject({
    type: 'BACKGROUND_SYNC_REGISTERED',
    tag: 'dossier-pending-operations',
  });

  await page.evaluate(() =>
    navigator.serviceWorker.controller!.postMessage({
      type: 'STORE_PENDING_OPERATION',
      operation: { id: 'from-the-worker', type: 'document-upload', payload: { note: 'queued by the worker' } },
    }),
  );
  const stored = await page.waitForFunction(
    () =>
      new Promise((resolve) => {
        const open = indexedDB.open('dossier-offline');
        open.onsuccess = () => {
          const get = open.result.transaction('pending-operations').objectStore('pending-operations').get('from-the-worker');
          get.onsuccess = () => resolve(get.result ?? null);
        };
      }),
  );
  expect(await stored.jsonValue()).toMatchObject({ id: 'from-the-worker', type: 'document-upload', retryCount: 0, timestamp: expect.any(Number) });
});

test('runtime config and federation manifests come from the network while online', async ({ page }) => {
  await page.goto('/');
  await controlledBy(page);
  const requested: string[] = [];
  page.context().on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('/app-config.json') || url.pathname.endsWith('/mf-manifest.json')) requested.push(`${url.pathname} ${request.serviceWorker() ? 'worker' : 'page'}`);
  });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page asked for the config; the network (not a cache) answered it.
  const answered = await page.evaluate(async () => (await fetch('/app-config.json')).headers.get('cache-control'));
  expect(answered).toBe('no-cache');
  expect(requested.some((line) => line.startsWith('/app-config.json'))).toBe(true);
});

test('a new version waits until the person chooses "Reload" in the update toast', async ({ page }) => {
  await page.goto('/');
  await controlledBy(page);
  const swFile = path.join(process.env.E2E_DIST_DIR || path.join(repoRoot(), 'dist'), 'shell', 'sw.js');
  const original = readFileSync(swFile, 'utf8');
  try {
    // A redeploy: the worker script changes by one byte.
    writeFileSync(swFile, `${original}\n// release ${Date.now()}\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

    await expect(page.getByText('Update available')).toBeVisible();
    // Still the old worker: nothing changes under the person's feet.
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);

    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
  } finally {
    writeFileSync(swFile, original);
  }
});
