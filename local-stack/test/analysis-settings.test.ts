// Analysis settings (issue 15 §1/§2, ADR 0201), on PGlite and PostgreSQL, through supabase-js and
// raw HTTP with two people: each person saves and reads only their own auto-apply threshold and OCR
// languages; the defaults (no row) are off and English only; nonsense values are refused.
import { startTestStack, databasesSync, type TestStack } from './support/test-stack.js';
import { createTestUser, type TestUser } from './support/users.js';

describe.each(databasesSync())('analysis settings on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createTestUser(stack, 'alice');
    bob = await createTestUser(stack, 'bob');
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('is off by default, saved by upsert, and private to its person', async () => {
    expect((await alice.client.from('analysis_settings').select('*')).data).toEqual([]);
    const saved = await alice.client
      .from('analysis_settings')
      .upsert({ user_id: alice.id, auto_apply_threshold: 0.8, ocr_languages: ['fra'], updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
    expect(saved.error).toBeNull();
    const again = await alice.client
      .from('analysis_settings')
      .upsert({ user_id: alice.id, auto_apply_threshold: 0.9, ocr_languages: ['fra', 'deu'], updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
    expect(again.error).toBeNull();
    const mine = await alice.client.from('analysis_settings').select('auto_apply_threshold,ocr_languages');
    expect(mine.data).toEqual([{ auto_apply_threshold: 0.9, ocr_languages: ['fra', 'deu'] }]);

    // Bob sees nothing of Alice's, over raw HTTP too, and cannot change or write hers.
    const raw = await fetch(`${stack.url}/rest/v1/analysis_settings?select=*`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${bob.accessToken}` } });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual([]);
    const patch = await fetch(`${stack.url}/rest/v1/analysis_settings?user_id=eq.${alice.id}`, {
      method: 'PATCH',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${bob.accessToken}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ auto_apply_threshold: 0.5 }),
    });
    expect(await patch.json()).toEqual([]);
    const forged = await bob.client.from('analysis_settings').insert({ user_id: alice.id, auto_apply_threshold: 0.5 });
    expect(forged.error).not.toBeNull();
    const anon = await fetch(`${stack.url}/rest/v1/analysis_settings?select=*`, { headers: { apikey: stack.anonKey } });
    expect(anon.ok ? await anon.json() : []).toEqual([]);
    expect((await alice.client.from('analysis_settings').select('auto_apply_threshold')).data).toEqual([{ auto_apply_threshold: 0.9 }]);
  });

  it('refuses thresholds outside 0.5…0.99 and languages it does not serve', async () => {
    for (const row of [{ auto_apply_threshold: 0.2 }, { auto_apply_threshold: 1.5 }, { ocr_languages: ['klingon'] }]) {
      const result = await bob.client.from('analysis_settings').upsert({ user_id: bob.id, ...row }, { onConflict: 'user_id' });
      expect(result.error).not.toBeNull();
    }
    const off = await bob.client.from('analysis_settings').upsert({ user_id: bob.id, auto_apply_threshold: null, ocr_languages: [] }, { onConflict: 'user_id' });
    expect(off.error).toBeNull();
  });
});
