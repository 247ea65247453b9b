import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { repoRoot } from '../support/repo-root';

interface Manifest {
  shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** The chunk files that carry react-dom in each build, from the builds' mf-manifest.json. */
function reactDomChunks(): Set<string> {
  const chunks = new Set<string>();
  for (const app of ['shell', 'mfe-documents', 'mfe-portfolios', 'mfe-drive-import', 'mfe-account', 'mfe-debug']) {
    const manifest = JSON.parse(readFileSync(path.join(repoRoot(), 'dist', app, 'mf-manifest.json'), 'utf8')) as Manifest;
    for (const shared of manifest.shared.filter((s) => s.name === 'react-dom' || s.name.startsWith('react-dom/'))) {
      for (const file of [...shared.assets.js.sync, ...shared.assets.js.async]) chunks.add(`${app}/${path.basename(file)}`);
    }
  }
  return chunks;
}

test('react-dom is loaded once on a page that shows the shell and an area', async ({ page, baseURL }) => {
  const candidates = reactDomChunks();
  expect(candidates.size).toBeGreaterThan(1); // every app can provide it; only one copy may load
  const loadedScripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') loadedScripts.push(response.url());
  });

  await page.goto('/link/3f9a1c');
  await expect(page.locator('main [data-area-outlet="documents"]').getByRole('heading', { level: 1 }).first()).toBeVisible();

  // By network: one react-dom chunk, whichever app provided it.
  const origins = new Map<string, string>([[new URL(baseURL!).origin, 'shell']]);
  const config = (await (await page.request.get('/app-config.json')).json()) as { remotes: Record<string, string> };
  const dirs: Record<string, string> = { documents: 'mfe-documents', portfolios: 'mfe-portfolios', driveImport: 'mfe-drive-import', account: 'mfe-account', debug: 'mfe-debug' };
  for (const [name, url] of Object.entries(config.remotes)) origins.set(new URL(url).origin, dirs[name]!);
  const reactDomLoads = loadedScripts
    .map((url) => `${origins.get(new URL(url).origin)}/${path.basename(new URL(url).pathname)}`)
    .filter((file) => candidates.has(file));
  // react-dom and react-dom/client may be two chunks — but of one build, each fetched once.
  expect(reactDomLoads.length).toBeGreaterThan(0);
  expect(new Set(reactDomLoads.map((file) => file.split('/')[0])).size).toBe(1);
  expect(new Set(reactDomLoads).size).toBe(reactDomLoads.length);
  expect(loadedScripts.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);

  // By the federation runtime: one loaded react-dom in the share scope, used by shell and area.
  const loaded = await page.evaluate(() => {
    type Shared = { loaded?: boolean; from: string; version: string };
    const scopes = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } }).__FEDERATION__.__SHARE__;
    const result: string[] = [];
    for (const scope of Object.values(scopes)) {
      for (const [name, versions] of Object.entries(scope.default ?? {})) {
        if (name !== 'react-dom') continue;
        for (const shared of Object.values(versions)) if (shared.loaded) result.push(`${shared.from}@${shared.version}`);
      }
    }
    return [...new Set(result)];
  });
  expect(loaded).toHaveLength(1);
});
