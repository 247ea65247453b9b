import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PASSKEY_MESSAGES } from '@dossier/shared/core';
import { signInFreshUser, signUpFreshUser, type SignedInUser } from '../support/signed-in-session';
import { onLocalhost, sessionClaims, virtualAuthenticator, withoutPasskeyAutofill } from '../support/passkeys';

test.setTimeout(240_000);

async function signOut(page: Page, at: (path: string) => string) {
  await page.goto(at('/settings'));
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** Settings → Passkeys → "Use a passkey for two-step sign-in", with its recovery codes put away. */
async function addPasskeySecondStep(page: Page, at: (path: string) => string) {
  await page.goto(at('/settings'));
  // The account remote loads on first visit: on a busy machine that takes a while.
  await page.getByRole('button', { name: 'Use a passkey for two-step sign-in' }).click({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByText('Two-step sign-in accepts your passkey instead of a code.')).toBeVisible();
}

async function signOutAndSignIn(page: Page, at: (path: string) => string, user: Pick<SignedInUser, 'email' | 'password'>) {
  await signOut(page, at);
  await page.goto(at('/auth'));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in' }).click();
}

test('a passkey as the second step: after the password, the passkey completes two-step sign-in and the library opens', async ({ page, baseURL }) => {
  const at = onLocalhost(baseURL);
  const authenticator = await virtualAuthenticator(page);
  await withoutPasskeyAutofill(page);
  const user = await signInFreshUser(page, 'Sam Second');

  // Settings → Passkeys: the passkey becomes the second step; the first one brings recovery codes.
  await addPasskeySecondStep(page, at);
  expect(await authenticator.credentials()).toHaveLength(1);

  // The password alone is not enough: the two-step screen offers the passkey.
  await signOutAndSignIn(page, at, user);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  // The passkey is this person's only second step: it leads, no code field for an app they never set up.
  const usePasskey = page.getByRole('button', { name: 'Use your passkey', exact: true });
  await expect(usePasskey).toBeFocused();
  await expect(page.getByLabel('Authentication code')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lost your passkey? Use a recovery code' })).toBeVisible();
  // Looked at on a phone and a desktop, light and dark: axe clean, nothing wider than the screen.
  for (const viewport of [{ width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: test.info().outputPath(`two-step-passkey-${viewport.width}-${colorScheme}.png`), fullPage: true });
      expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    }
  }
  await usePasskey.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toHaveCount(0);
  expect((await sessionClaims(page)).aal).toBe('aal2');
  // The library opens (documents are readable only at aal2 once two-step sign-in is on).
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents' }).click();
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible({ timeout: 60_000 });
});

test("another account's passkey is refused: not as B's second step, not to sign in as B; a clear message, and trying again works", async ({ page, baseURL }) => {
  const at = onLocalhost(baseURL);
  const authenticator = await virtualAuthenticator(page);
  // The passkey button and the two-step screen, not the autofill (passkeys.spec.ts has that).
  await withoutPasskeyAutofill(page);
  // A: a passkey to sign in with (on this device, as a shared family laptop would hold it).
  const a = await signInFreshUser(page, 'Alex Account');
  await page.goto(at('/settings'));
  await page.getByRole('button', { name: 'Add a passkey' }).click({ timeout: 60_000 });
  await expect(page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')).toHaveCount(1);
  const [aPasskey] = await authenticator.credentials();

  // B: a password account with its own passkey as the second step, made on the same device.
  const b = await signUpFreshUser(page, 'Blair Other');
  await signOutAndSignIn(page, at, b);
  await expect(page).not.toHaveURL(/\/auth/);
  // B's first sign-in on this device asks for B's privacy choices.
  const consent = page.getByRole('dialog', { name: 'Your privacy choices' });
  await consent.getByRole('button', { name: 'Accept All' }).click();
  await expect(consent).toHaveCount(0);
  await addPasskeySecondStep(page, at);
  const bId = (await sessionClaims(page)).sub;
  const held = await authenticator.credentials();
  // A's passkey is discoverable, B's second-step credential is not (named by the server each time).
  expect(held.map((c) => c.isResidentCredential).sort()).toEqual([false, true]);

  // B's second step answered by A's passkey (the challenge is made to name A's credential, as a
  // device offering the wrong passkey would): refused, with words the person can act on.
  await signOutAndSignIn(page, at, b);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.route('**/auth/v1/factors/*/challenge', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    body.webauthn.credential_options.publicKey.allowCredentials = [{ type: 'public-key', id: aPasskey.credentialId.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') }];
    await route.fulfill({ response, json: body });
  });
  await page.getByRole('button', { name: 'Use your passkey', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.otherAccount);
  expect((await sessionClaims(page)).aal).toBe('aal1');
  // Trying again with B's own passkey works.
  await page.unroute('**/auth/v1/factors/*/challenge');
  await page.getByRole('button', { name: 'Use your passkey', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  expect(await sessionClaims(page)).toMatchObject({ sub: bId, aal: 'aal2' });

  // A's passkey presented as B's (its user handle changed to B's id): no one is signed in.
  await signOut(page, at);
  await page.goto(at('/auth'));
  const asB = Buffer.from(bId, 'utf8').toString('base64url');
  await page.route('**/auth/v1/passkeys/authentication/verify', (route) => {
    const body = route.request().postDataJSON();
    body.credential.response.userHandle = asB;
    return route.continue({ postData: JSON.stringify(body) });
  });
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(PASSKEY_MESSAGES.unknownPasskey);
  await expect(page).toHaveURL(/\/auth/);
  // Untouched, the same passkey signs in as its own account, A.
  await page.unroute('**/auth/v1/passkeys/authentication/verify');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).not.toHaveURL(/\/auth/);
  expect((await sessionClaims(page)).email).toBe(a.email);
});
