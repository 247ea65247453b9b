import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { PASSKEY_MESSAGES } from '@dossier/shared/core';
import { readAppConfig, seedAcceptedConsent, signInFreshUser } from '../support/signed-in-session';
import { onLocalhost, sessionClaims, virtualAuthenticator, withoutPasskeyAutofill } from '../support/passkeys';

/**
 * Passkeys (issue 27) with Chromium's virtual authenticator. Browsers refuse an IP address as
 * relying party, so the shell is opened as http://localhost.
 */
async function signOut(page: Page, settingsUrl: string) {
  await page.goto(settingsUrl);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

test.setTimeout(240_000);

test('a passkey: added after sign-up, signs in without a password, renamed, removed; a replay (by hand and through the page) and a removed passkey refused', async ({ page, baseURL }) => {
  const at = onLocalhost(baseURL);
  const local = new URL(at('/'));
  await seedAcceptedConsent(page.context());
  const authenticator = await virtualAuthenticator(page);
  // The button, not the autofill: a browser without passkey autofill.
  await withoutPasskeyAutofill(page);
  const email = `passkey-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;

  // Sign up with a password; Dossier offers a passkey before going on.
  await page.goto(at('/auth?mode=sign-up'));
  await page.getByLabel('Name').fill('Pat Passkey');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.locator('form').getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in faster next time' })).toBeVisible();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  expect(await authenticator.credentials()).toHaveLength(1);

  // Sign out, then in with the passkey alone: no e-mail, no password typed.
  await signOut(page, at('/settings'));
  await page.goto(at('/auth'));
  const verifyBody = page.waitForRequest((r) => r.url().endsWith('/auth/v1/passkeys/authentication/verify')).then((r) => r.postData()!);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  await expect(page.getByLabel('Email')).toHaveCount(0);

  // The same assertion sent again (a replay) does not sign anyone in: its challenge was spent.
  const config = await readAppConfig(page);
  const replay = await page.request.post(`${config.supabaseUrl}/auth/v1/passkeys/authentication/verify`, {
    headers: { apikey: config.supabaseAnonKey, 'content-type': 'application/json', origin: local.origin },
    data: await verifyBody,
  });
  expect(replay.status()).toBe(400);
  expect(await replay.json()).toMatchObject({ error_code: 'webauthn_challenge_not_found' });

  // The same replay through the page (the verify request swapped for the captured one): refused
  // with words the person can act on, no one signed in; untouched, the passkey signs in again.
  await signOut(page, at('/settings'));
  await page.goto(at('/auth'));
  const captured = await verifyBody;
  await page.route('**/auth/v1/passkeys/authentication/verify', (route) => route.continue({ postData: captured }));
  const replayed = page.waitForResponse((r) => r.url().endsWith('/auth/v1/passkeys/authentication/verify'));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  expect((await replayed).status()).toBe(400);
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.expired);
  await expect(page).toHaveURL(/\/auth/);
  await page.unroute('**/auth/v1/passkeys/authentication/verify');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  // Settings → Security: the passkey, named after the device, used just now; the session says how.
  await page.goto(at('/settings'));
  const list = page.getByRole('list', { name: 'Your passkeys' });
  // The account remote loads on first visit: on a busy machine that takes a while.
  await expect(list.getByRole('listitem')).toHaveCount(1, { timeout: 60_000 });
  await expect(list).toContainText('Chrome on Linux');
  await expect(list).toContainText('Last used Just now');
  await expect(page.getByText('Signed in with a passkey ·').first()).toBeVisible();
  await list.getByRole('button', { name: 'Rename Chrome on Linux' }).click();
  await page.getByLabel('New name for Chrome on Linux').fill('Work laptop');
  await list.getByRole('button', { name: 'Save' }).click();
  await expect(list).toContainText('Work laptop');

  // Remove the passkey (confirmed): the device still holds it, Dossier no longer takes it.
  await list.getByRole('button', { name: 'Remove Work laptop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('No passkeys yet.')).toBeVisible();
  await signOut(page, at('/settings'));
  await page.goto(at('/auth'));
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.unknownPasskey);
  await expect(page).toHaveURL(/\/auth/);
});

test('passkey autofill: on /auth the e-mail field offers the passkey (conditional mediation) and choosing it signs in, nothing typed', async ({ page, baseURL }) => {
  const at = onLocalhost(baseURL);
  const authenticator = await virtualAuthenticator(page);
  // Chromium's virtual authenticator answers a conditional request at once, where a person would
  // have to pick the passkey. While "Sign out everywhere" runs, the sign-in form can mount for a
  // moment on its way to "/", and its autofill request would sign the person straight back in:
  // only a page loaded at /auth gets autofill here.
  await page.addInitScript(() => {
    if (window.location.pathname === '/auth') return;
    const credential = window.PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> } | undefined;
    if (credential) credential.isConditionalMediationAvailable = () => Promise.resolve(false);
  });
  const user = await signInFreshUser(page, 'Ari Autofill');
  await page.goto(at('/settings'));
  await page.getByRole('button', { name: 'Add a passkey' }).click({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  expect(await authenticator.credentials()).toHaveLength(1);
  await signOut(page, at('/settings'));

  // Chromium's virtual authenticator answers a conditional request at once with its discoverable
  // passkey, as a person picking it from the e-mail field's suggestions does. The answer is held
  // until the field has been looked at, then let through.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const verify: Array<Record<string, unknown>> = [];
  await page.route('**/auth/v1/passkeys/authentication/verify', async (route) => {
    verify.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  // Which kind of request the page made: the autofill's conditional one, not the button's.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { mediations: string[] }).mediations = []);
    const get = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      seen.push(options?.mediation ?? 'none');
      return get(options);
    };
  });
  await page.goto(at('/auth'));
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('autocomplete', 'username webauthn');
  await expect.poll(() => verify.length).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { mediations: string[] }).mediations)).toEqual(['conditional']);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  release();
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await sessionClaims(page)).email).toBe(user.email);
  await expect(email).toHaveCount(0);
});
