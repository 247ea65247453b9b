import { cpSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildApp } from '../support/build-apps';
import { startEnvironment, type Environment } from '../support/environment';
import { repoRoot } from '../support/repo-root';
import { signInFreshStaff } from '../support/shell-auth';

// Deploys a rebuilt remote by copying its files over the served ones, like a CDN upload.
let servedDir: string;
let environment: Environment;
test.beforeAll(async () => {
  servedDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-served-'));
  cpSync(path.join(repoRoot(), 'dist'), servedDir, { recursive: true });
  // Its own stack too: signing in staff needs an API whose CORS lets this instance's origin in.
  environment = await startEnvironment({ distDir: servedDir, withStack: true });
});
test.afterAll(async () => {
  await environment?.stop();
  rmSync(servedDir, { recursive: true, force: true });
});

test('a rebuilt remote is served after a reload, without rebuilding the shell', async ({ page }) => {
  test.setTimeout(6 * 60_000);
  const release = `e2e-${Date.now().toString(36)}`;
  // The shell's index.html names its content-hashed entry: unchanged means the shell was not rebuilt.
  const shellEntry = path.join(servedDir, 'shell', 'index.html');
  const shellBefore = { mtime: statSync(shellEntry).mtimeMs, body: readFileSync(shellEntry, 'utf8') };

  // Release labels live in the diagnostics area (issue #9), for signed-in staff.
  await page.goto(environment.shellUrl);
  await signInFreshStaff(page);
  const openDiagnostics = async () => {
    await page.goto(`${environment.shellUrl}/terms`);
    await expect(page.locator('main [data-area-outlet="account"]').getByRole('heading', { level: 1 }).first()).toBeVisible();
    // In the same page (the account area stays loaded): the diagnostics list each loaded area's release.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/dashboard-debug');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
  };
  await openDiagnostics();
  const releaseLabel = page.locator('[data-area-release="account"]');
  await expect(releaseLabel).toBeVisible();
  await expect(releaseLabel).not.toContainText(release);

  const freshBuild = mkdtempSync(path.join(os.tmpdir(), 'dossier-mfe-account-'));
  try {
    buildApp('mfe-account', { outputPath: freshBuild, env: { DOSSIER_RELEASE: release } });
    cpSync(freshBuild, path.join(servedDir, 'mfe-account'), { recursive: true });
  } finally {
    rmSync(freshBuild, { recursive: true, force: true });
  }

  await openDiagnostics();
  await expect(releaseLabel).toHaveText(release);
  expect(statSync(shellEntry).mtimeMs).toBe(shellBefore.mtime);
  expect(readFileSync(shellEntry, 'utf8')).toBe(shellBefore.body);
});
