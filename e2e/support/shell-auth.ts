import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { nodeSupabase, readAppConfig, signInFreshUser, type SignedInUser } from './signed-in-session';

// The e2e stack's service-role key: the Supabase CLI's public demo key, which the e2e environment
// asks for explicitly (demoKeys: true in environment-process.ts; local-stack/src/keys.ts).
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';

/** A supabase-js client on Node against the stack the page uses (no session kept). */
export async function nodeClient(page: Page): Promise<SupabaseClient> {
  return nodeSupabase(await readAppConfig(page));
}

export function freshEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID()}@example.com`;
}

/** The names of the signed-in user's categories, in their order. */
export async function categoryNames(page: Page, email: string, password: string): Promise<string[]> {
  const supabase = await nodeClient(page);
  const { error: signInError } = await supabase.auth.signInWithPassword({ email, password });
  if (signInError) throw signInError;
  const { data, error } = await supabase.from('user_document_categories').select('name, sort_order').order('sort_order');
  if (error) throw error;
  return (data ?? []).map((row: { name: string }) => row.name);
}

/** The newest auth e-mail the stack wrote to its outbox for this address (GET /auth/v1/outbox). */
export async function latestMail(page: Page, to: string): Promise<{ subject: string; link: string | null; type: string } | undefined> {
  const config = await readAppConfig(page);
  const response = await page.request.get(`${config.supabaseUrl}/auth/v1/outbox?to=${encodeURIComponent(to)}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  if (!response.ok()) throw new Error(`outbox answered ${response.status()}`);
  const { messages } = (await response.json()) as { messages: { subject: string; link: string | null; type: string }[] };
  return messages[0];
}

/** The SPEC §3 master list, in order (supabase/migrations: default_document_categories). */
export const MASTER_CATEGORIES = [
  'Personal ID',
  'Medical Records',
  'Insurance',
  'Education',
  'Banking',
  'Investments',
  'Tax Documents',
  'Credit Reports',
  'Real Estate',
  'Vehicle Records',
  'Warranties',
  'Legal Documents',
  'Estate Planning',
  'Business Records',
  'Employment',
  'Utilities',
  'Subscriptions',
  'Travel',
  'Receipts',
  'Miscellaneous',
];

/**
 * Gives a user the staff claim (`app_metadata.dossier_staff`) through the admin API, as an
 * operator would: the diagnostic pages ask the server for it (issue #9).
 */
export async function grantStaff(page: Page, userId: string): Promise<void> {
  const config = await readAppConfig(page);
  const response = await page.request.put(`${config.supabaseUrl}/auth/v1/admin/users/${userId}`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json' },
    data: { app_metadata: { dossier_staff: true } },
  });
  if (!response.ok()) throw new Error(`granting the staff claim answered ${response.status()}`);
}

/** A fresh signed-in member of staff (the `dossier_staff` claim), for the diagnostic pages. */
export async function signInFreshStaff(page: Page, name = 'Staff Sam'): Promise<SignedInUser> {
  const user = await signInFreshUser(page, name);
  await grantStaff(page, user.session.user.id);
  return user;
}

/** Puts a person on a plan as the Stripe webhook would (the service role is the only writer, ADR 0092). */
export async function setPlan(page: Page, userId: string, planId: string): Promise<void> {
  const config = await readAppConfig(page);
  const response = await page.request.post(`${config.supabaseUrl}/rest/v1/subscriptions`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`, 'Content-Type': 'application/json', Prefer: 'resolution=merge-duplicates' },
    data: { user_id: userId, plan_id: planId, stripe_subscription_id: `sub_${randomUUID().slice(0, 8)}`, stripe_customer_id: 'cus_e2e', status: 'active' },
  });
  if (!response.ok()) throw new Error(`setting the plan answered ${response.status()}`);
}
