import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { CONTRACT_VERSION, contractMajor } from '@dossier/shared';
import { buildApp } from '../support/build-apps';
import { startEnvironment, type Environment } from '../support/environment';
import { repoRoot } from '../support/repo-root';

// A remote built against another contract major (the next one) is deployed beside the current shell: the shell must refuse
// that one area, naming both versions, while the other areas keep working (docs/decisions/0032).
const otherContract = `${contractMajor(CONTRACT_VERSION) + 1}.0.0`;
let servedDir: string;
let environment: Environment;
test.beforeAll(async () => {
  test.setTimeout(6 * 60_000);
  servedDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-contract-'));
  cpSync(path.join(repoRoot(), 'dist'), servedDir, { recursive: true });
  rmSync(path.join(servedDir, 'mfe-portfolios'), { recursive: true, force: true });
  buildApp('mfe-portfolios', { outputPath: path.join(servedDir, 'mfe-portfolios'), env: { DOSSIER_BUILD_CONTRACT_VERSION: otherContract } });
  environment = await startEnvironment({ distDir: servedDir });
});
test.afterAll(async () => {
  await environment?.stop();
  rmSync(servedDir, { recursive: true, force: true });
});

test('a remote built for another contract major is refused in its own area; the other areas work', async ({ page }) => {
  await page.goto(`${environment.shellUrl}/portfolio/some-shared-link`);
  const refused = page.locator('main [data-area-outlet="portfolios"]');
  await expect(refused.getByRole('alert').or(refused.getByRole('heading')).first()).toBeVisible();
  await expect(refused).toContainText(`was built for contract version ${otherContract}`);
  await expect(refused).toContainText(`this app needs version ${CONTRACT_VERSION}`);

  await page.goto(`${environment.shellUrl}/terms`);
  const account = page.locator('main [data-area-outlet="account"]');
  await expect(account.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(account).not.toContainText('contract version');
});
