import type { StartedStack } from '../../src/start.js';

// "Continue with Google" end to end without a browser: follow every redirect with fetch, through
// /auth/v1/authorize, the emulator's consent page, /auth/v1/callback and back to the app.

export async function location(url: string, init: RequestInit = {}): Promise<string> {
  const res = await fetch(url, { ...init, redirect: 'manual' });
  expect([302, 303]).toContain(res.status);
  return new URL(res.headers.get('location')!, url).toString();
}

/** Starts at the URL supabase-js gives, answers the consent page, returns where the app lands. */
export async function googleRoundTrip(stack: StartedStack, startUrl: string, answer: Record<string, string>): Promise<URL> {
  const consentUrl = await location(startUrl);
  expect(consentUrl.startsWith(`${stack.googleUrl}/o/oauth2/v2/auth?`)).toBe(true);
  const page = await fetch(consentUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Ada Lovelace');
  expect(html).toContain('grace@example.com');
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1];
  const action = new URL(/<form method="post" action="([^"]+)"/.exec(html)![1], consentUrl).toString();
  const afterConsent = await location(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, ...answer }),
  });
  expect(afterConsent.startsWith(`${stack.url}/auth/v1/callback?`)).toBe(true);
  return new URL(await location(afterConsent));
}

