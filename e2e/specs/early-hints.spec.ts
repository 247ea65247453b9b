import { expect, test } from '@playwright/test';
import { FIRST_ROW, seedDocumentRows, watchFirstRow } from '../support/load-figures';
import { signInFreshUser } from '../support/signed-in-session';

/**
 * An area's page names the area's manifest, entry and first module in its response's Link header
 * (issue 24, local-stack/src/static-host/early-hints.ts): the browser fetches them beside the
 * shell's own code instead of one round trip after another once the shell has booted. The
 * preloads must be the very requests the federation runtime and webpack then make: a preload
 * that does not match (a different CORS mode) is fetched twice. No timing asserted: the order of
 * the fetches and that each happens once.
 */
test('signed-in /documents fetches the documents area beside the shell, each file once', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  const user = await signInFreshUser(page, 'Hints Person');
  await seedDocumentRows(user, 3);
  await watchFirstRow(page.context());

  const response = await page.goto('/documents');
  const link = response?.headers().link ?? '';
  const preloaded = [...link.matchAll(/<([^>]+)>; rel=preload/g)].map((match) => match[1]!);
  expect(preloaded.map((url) => new URL(url).pathname)).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js', expect.stringMatching(/^\/__federation_expose_Module\.[0-9a-f]+\.js$/)]));
  await expect(page.locator(FIRST_ROW).first()).toBeVisible({ timeout: 120_000 });

  const timings = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({ name: entry.name, start: entry.startTime, end: entry.responseEnd })),
  );
  const mainScript = timings.find((entry) => /\/main\.[0-9a-f]+\.js$/.test(entry.name));
  expect(mainScript).toBeDefined();
  for (const url of preloaded) {
    const fetches = timings.filter((entry) => entry.name === url);
    // Once: the runtime's own request used the preload.
    expect(fetches, url).toHaveLength(1);
    // Started before the shell's code had even arrived.
    expect(fetches[0]!.start, url).toBeLessThan(mainScript!.end);
  }
});
