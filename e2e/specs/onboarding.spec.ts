import { expect, test } from '@playwright/test';
import { signUpFreshUser } from '../support/signed-in-session';
import { MASTER_CATEGORIES, nodeClient } from '../support/shell-auth';

test('onboarding twice at once (two tabs, a doubled event) still gives exactly the 20 default categories', async ({ page }) => {
  await page.goto('/');
  const user = await signUpFreshUser(page);
  // Two clients with the same session: what two open tabs do on the same SIGNED_IN.
  const tabs = await Promise.all([nodeClient(page), nodeClient(page)]);
  await Promise.all(tabs.map((tab) => tab.auth.setSession({ access_token: user.session.access_token, refresh_token: user.session.refresh_token })));
  const results = await Promise.all([...tabs, ...tabs].map((tab) => tab.rpc('create_default_categories')));
  for (const result of results) expect(result.error).toBeNull();

  const { data, error } = await tabs[0].from('user_document_categories').select('name').order('sort_order');
  expect(error).toBeNull();
  expect((data ?? []).map((row: { name: string }) => row.name)).toEqual(MASTER_CATEGORIES);
});

test('onboarding never adds to a person who already has categories', async ({ page }) => {
  await page.goto('/');
  const user = await signUpFreshUser(page);
  const supabase = await nodeClient(page);
  await supabase.auth.setSession({ access_token: user.session.access_token, refresh_token: user.session.refresh_token });
  const insert = await supabase.from('user_document_categories').insert({ name: 'My own', user_id: user.session.user.id });
  expect(insert.error).toBeNull();
  await supabase.rpc('create_default_categories');
  const { data } = await supabase.from('user_document_categories').select('name');
  expect((data ?? []).map((row: { name: string }) => row.name)).toEqual(['My own']);
});
