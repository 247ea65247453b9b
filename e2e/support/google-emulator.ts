import type { Page } from '@playwright/test';

/** The Google emulator's origin, from the app's runtime config (its Drive API base). */
export async function googleUrl(page: Page): Promise<string> {
  const config = (await (await page.request.get('/app-config.json')).json()) as { drive: { apiBaseUrl: string } };
  return new URL(config.drive.apiBaseUrl).origin;
}

/**
 * A Drive access token through the emulator's consent endpoints, as a server-side script would get
 * one: for one of its test accounts (`'grace@example.com'`), or for an account of the test's own,
 * added as the consent page's "Use another account" does (`{ email, name }`), so that a spec has a
 * drive nobody else writes into (ADR 0497).
 */
export async function driveAccessToken(page: Page, account: string | { email: string; name: string }, scope = 'https://www.googleapis.com/auth/drive'): Promise<string> {
  const google = await googleUrl(page);
  const query = new URLSearchParams({ client_id: 'e2e', redirect_uri: 'http://127.0.0.1:9/oauth-callback', response_type: 'token', scope, state: 'e2e' });
  const html = await (await page.request.get(`${google}/o/oauth2/v2/auth?${query}`)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1]!;
  const chosen: Record<string, string> = typeof account === 'string' ? { account } : { account: 'other', other_name: account.name, other_email: account.email, other_verified: 'on' };
  const decision = await page.request.post(`${google}/o/oauth2/v2/auth/decision`, { form: { request_id: requestId, ...chosen, decision: 'allow' }, maxRedirects: 0 });
  return new URLSearchParams(new URL(decision.headers()['location']!).hash.slice(1)).get('access_token')!;
}
