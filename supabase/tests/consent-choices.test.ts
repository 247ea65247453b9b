// Consent follows the account (issue 21 §7, ADR 0260), on PGlite and PostgreSQL through supabase-js
// and raw HTTP: a person's choice is stored once per account, read back on any device, private to
// its person, and its time is never later than the server's (a browser cannot postpone the
// one-year renewal).
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { withPeople } from '../../local-stack/test/support/users.js';

const accepted = { analytics: true, marketing: false, notifications: true, data_processing: false, terms_accepted: true, privacy_accepted: true, version: '1.0' };

describe.each(databasesSync())('consent choices on %s', (database) => {
  const people = withPeople(database);

  it('is stored per account, read back by a second client, and private to its person', async () => {
    const { stack, alice, bob } = people();
    expect((await alice.client.from('consent_choices').select('*')).data).toEqual([]);
    const saved = await alice.client.from('consent_choices').upsert({ user_id: alice.id, ...accepted }, { onConflict: 'user_id' });
    expect(saved.error).toBeNull();

    // Another device: the same account over raw HTTP reads the same choice.
    const mine = await fetch(`${stack.url}/rest/v1/consent_choices?select=*`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${alice.accessToken}` } });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toEqual([expect.objectContaining({ user_id: alice.id, ...accepted })]);

    // Bob reads nothing of Alice's and cannot overwrite it.
    expect((await bob.client.from('consent_choices').select('*')).data).toEqual([]);
    const forged = await bob.client.from('consent_choices').insert({ user_id: alice.id, ...accepted, terms_accepted: false });
    expect(forged.error).not.toBeNull();
    const patch = await fetch(`${stack.url}/rest/v1/consent_choices?user_id=eq.${alice.id}`, {
      method: 'PATCH',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${bob.accessToken}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ terms_accepted: false }),
    });
    expect(await patch.json()).toEqual([]);
    const anon = await fetch(`${stack.url}/rest/v1/consent_choices?select=*`, { headers: { apikey: stack.anonKey } });
    expect(anon.ok ? await anon.json() : []).toEqual([]);
    expect((await alice.client.from('consent_choices').select('terms_accepted')).data).toEqual([{ terms_accepted: true }]);
  });

  it('keeps the time of a choice made earlier (offline), but never a time after the server\'s now', async () => {
    const { alice } = people();
    const earlier = '2026-01-15T10:00:00.000Z';
    expect((await alice.client.from('consent_choices').upsert({ user_id: alice.id, ...accepted, chosen_at: earlier }, { onConflict: 'user_id' })).error).toBeNull();
    expect(Date.parse((await alice.client.from('consent_choices').select('chosen_at').single()).data!.chosen_at as string)).toBe(Date.parse(earlier));

    const future = '2099-01-01T00:00:00.000Z';
    expect((await alice.client.from('consent_choices').upsert({ user_id: alice.id, ...accepted, chosen_at: future }, { onConflict: 'user_id' })).error).toBeNull();
    const clamped = await alice.client.from('consent_choices').select('chosen_at').single();
    expect(Date.parse(clamped.data!.chosen_at as string)).toBeLessThan(Date.parse(future));
    expect(Date.parse(clamped.data!.chosen_at as string)).toBeGreaterThan(Date.parse(earlier));
  });
});
