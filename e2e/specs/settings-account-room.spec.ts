import { expect, test, type Page, type Route } from '@playwright/test';
import { readAppConfig, signInFreshUser } from '../support/signed-in-session';

// /settings: the account area's own Plan and Sign-in security sections load their data after the
// page draws. On a slow phone (390×844, Fast 3G, 4× CPU) the Plan section's one line of "Loading
// your plan…" became ~400 px, something of it grew 117 px more, and Sign-in security's lists grew
// 132 px: everything below moved while a person was reaching for it. Their loading states must
// keep the room their drawn state takes for a new account. The data requests are held until the
// rest of the page has drawn, then released, so the figures are positions, never times.

/** What the Plan and Sign-in security sections ask for (mfe-account's api, and supabase-js's auth for passkeys and factors). */
const HELD = [
  { what: 'plan usage', method: 'POST', path: '/rest/v1/rpc/my_plan_usage' },
  { what: 'plans', method: 'GET', path: '/rest/v1/plans' },
  { what: 'invoices', method: 'GET', path: '/rest/v1/invoices' },
  // The Family part is asked for only once the plan has drawn; for a new account it draws nothing.
  { what: 'family', method: 'POST', path: '/rest/v1/rpc/family_overview', later: true },
  { what: 'sessions', method: 'POST', path: '/rest/v1/rpc/my_sessions' },
  { what: 'passkeys', method: 'GET', path: '/auth/v1/passkeys' },
  // auth.mfa.listFactors reads the factors off the user (two-step sign-in, a passkey's second step).
  { what: 'factors', method: 'GET', path: '/auth/v1/user' },
] as const satisfies readonly { what: string; method: string; path: string; later?: boolean }[];

/** The loading states (RoomSkeleton, from @dossier/shared/ui), each keeping its part's room. */
const LOADING = ['Loading your plan', 'Loading your passkeys', 'Loading two-step sign-in', 'Loading where you are signed in'];

const SECTIONS = ['Sign-in security', 'Notifications', 'Analysis'] as const;

/** Each section's top, page px (its heading's, as the phone figures were taken). */
async function tops(page: Page): Promise<Record<(typeof SECTIONS)[number], number>> {
  const entries = await Promise.all(
    SECTIONS.map(async (name) => {
      const heading = page.getByRole('heading', { level: 2, name, exact: true });
      return [name, await heading.evaluate((element) => element.getBoundingClientRect().top + window.scrollY)] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<(typeof SECTIONS)[number], number>;
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test(`/settings: the sections below Plan and Sign-in security stay where they are when their data arrives (${viewport.width}×${viewport.height})`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await signInFreshUser(page, 'Rhoda Room');
    const { supabaseUrl } = await readAppConfig(page);
    const api = new URL(supabaseUrl);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held = new Set<string>();
    const hold = async (route: Route) => {
      const request = route.request();
      const url = new URL(request.url());
      const which = HELD.find((h) => h.method === request.method() && url.pathname === `${api.pathname.replace(/\/$/, '')}${h.path}`);
      if (!which) return route.fallback();
      held.add(which.what);
      await released;
      await route.continue().catch(() => undefined);
    };
    await page.route((url) => url.origin === api.origin, hold);

    await page.goto('/settings');
    // Everything but the held sections has drawn: the profile, Notifications, the documents
    // area's reminders widget and Analysis.
    await expect(page.getByRole('button', { name: 'Save name' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Analysis', exact: true }).getByRole('checkbox', { name: 'French' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('checkbox', { name: '90 days before' })).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => [...held].sort(), { message: 'the Plan and Sign-in security data were asked for', timeout: 30_000 }).toEqual(HELD.filter((h) => !('later' in h)).map((h) => h.what).sort());
    await expect(page.getByRole('button', { name: 'Upgrade to Plus' })).toHaveCount(0);
    for (const name of LOADING) await expect(page.getByRole('status', { name, exact: true })).toHaveAttribute('aria-busy', 'true');
    await page.screenshot({ path: testInfo.outputPath(`settings-account-loading-${viewport.width}.png`), fullPage: true });
    const before = await tops(page);
    release();
    await expect(page.getByRole('button', { name: 'Upgrade to Plus' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('No payments yet')).toBeVisible();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out all other devices' })).toBeDisabled();
    await expect(page.getByText('This device', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`settings-account-drawn-${viewport.width}.png`), fullPage: true });
    for (const name of LOADING) await expect(page.getByRole('status', { name, exact: true })).toHaveCount(0);
    const after = await tops(page);

    testInfo.annotations.push({ type: 'shift', description: SECTIONS.map((name) => `${name} ${before[name].toFixed(1)} → ${after[name].toFixed(1)}`).join(', ') });
    for (const name of SECTIONS) expect.soft(Math.abs(after[name] - before[name]), `${name} moved from ${before[name]} to ${after[name]} px`).toBeLessThan(4);
  });
}
