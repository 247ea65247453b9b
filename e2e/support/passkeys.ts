import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain) for this page: a platform authenticator
 * with resident keys and user verification, as Face ID or a fingerprint reader is (issue 27).
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * The shell's address spelled http://localhost:<port>: browsers refuse an IP address such as
 * 127.0.0.1 as WebAuthn relying party, so passkeys only work on a host name.
 */
export function onLocalhost(baseURL: string | undefined): (path: string) => string {
  const local = new URL(baseURL!);
  local.hostname = 'localhost';
  return (path: string) => new URL(path, local).href;
}

/**
 * This page's browser without passkey autofill (no conditional mediation), before any page script
 * runs, so the waiting autofill request never competes with the button or the second step.
 */
export async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const credential = window.PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined;
    if (credential) credential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
}

/** The claims of the session supabase-js holds in the page: who is signed in, at which level. */
export async function sessionClaims(page: Page): Promise<{ sub: string; email: string; aal: string }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('-auth-token'))!;
    const token = JSON.parse(localStorage.getItem(key)!).access_token as string;
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
  });
}
