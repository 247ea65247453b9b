import type { Page } from '@playwright/test';

/**
 * The page as its HTML alone draws it (ADR 0220, ADR 0499): every script file is refused, and the
 * Content Security Policy violations the page reports are collected in the returned list (the
 * prerendered pages' inline script must run under the strict CSP, by its hash).
 */
export async function withoutScriptFiles(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.route(/\.js(\?.*)?$/, (route) => route.abort());
  return violations;
}
