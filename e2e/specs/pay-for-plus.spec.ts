import { expect, test } from '@playwright/test';
import { BILLING_MESSAGES } from '@dossier/shared/core';
import { signInFreshUser } from '../support/signed-in-session';

// Issue 14: paying for Plus with Stripe's test card on the (emulated) hosted Checkout page, and a
// /payment-success that only ever says "paid" when the server says so.

const WENT_THROUGH = /Payment received|went through|you are on/i;

test('a Free person upgrades to Plus with 4242 4242 4242 4242 on the hosted checkout and lands on /payment-success showing Plus', async ({ page }) => {
  await signInFreshUser(page, 'Paying Pat');
  await page.goto('/settings');
  const plan = page.locator('#plan');
  await expect(plan.getByText('You are on')).toContainText('Free');
  await expect(plan.getByRole('progressbar', { name: 'Documents' })).toHaveAttribute('aria-valuetext', '0 of 100');
  await plan.getByRole('button', { name: 'Upgrade to Plus' }).click();

  // Stripe's side (the local emulator): the hosted checkout page.
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByText('Dossier Plus')).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Paying Pat');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_/);
  await expect(page.getByRole('heading', { name: BILLING_MESSAGES.paymentReceived('Plus') })).toBeVisible();

  await page.goto('/settings');
  await expect(plan.getByText('You are on')).toContainText('Plus');
  await expect(plan.getByText(/Your Plus plan renews on/)).toBeVisible();
  await expect(plan.getByRole('link', { name: /View invoice/ })).toBeVisible();
});

test('/payment-success with a made-up or an unpaid session id never says the payment went through', async ({ page }) => {
  await signInFreshUser(page, 'Curious Cam');
  await page.goto('/payment-success?session_id=cs_test_madeup000000000000');
  await expect(page.getByRole('heading', { name: BILLING_MESSAGES.notFound })).toBeVisible();
  await expect(page.getByText(WENT_THROUGH)).toHaveCount(0);

  await page.goto('/payment-success');
  await expect(page.getByRole('heading', { name: BILLING_MESSAGES.missingSession })).toBeVisible();

  // A real session, opened and left without paying.
  await page.goto('/settings');
  await page.locator('#plan').getByRole('button', { name: 'Upgrade to Plus' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  const sessionId = /\/c\/pay\/(cs_test_\w+)/.exec(page.url())![1];
  await page.getByRole('link', { name: '← Back' }).click();
  await expect(page).toHaveURL(/\/settings\?checkout=cancelled/);
  await expect(page.getByText('Checkout was cancelled. Nothing was charged.')).toBeVisible();
  await page.goto(`/payment-success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { name: BILLING_MESSAGES.notCompleted })).toBeVisible();
  await expect(page.getByText(WENT_THROUGH)).toHaveCount(0);
  await expect(page.locator('#plan')).toHaveCount(0);
});
