// Passkeys (issue 27) through supabase-js's auth.passkey and auth.admin.passkey against the local
// stack's GoTrue passkey endpoints, on PGlite and PostgreSQL, with a software authenticator:
// registration and sign-in ceremonies, the relying party's checks (origin, RP id, single-use and
// short-lived challenges, signature counters), management, admin, and that nobody reads another
// person's credentials.
import { databasesSync } from './support/test-stack.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import { PASSKEY_ORIGIN as ORIGIN, registerPasskey as register, signInWithPasskey } from './support/passkey-ceremonies.js';
import { anonClient, serviceClient, withPeople, type TestUser } from './support/users.js';

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe.each(databasesSync())('passkeys on %s', (database) => {
  const people = withPeople(database, { names: ['alice', 'bob'], overrides: { schedulerTickMs: 0 } });
  const aliceDevice = new SoftwareAuthenticator(ORIGIN);
  let alicePasskeyId: string;

  it('offers registration options for the relying party of config.toml, then stores the verified passkey', async () => {
    const { alice } = people();
    const started = await alice.client.auth.passkey.startRegistration();
    expect(started.error).toBeNull();
    const { options, challenge_id, expires_at } = started.data! as unknown as {
      options: { rp: unknown; user: { id: string; name: string }; authenticatorSelection: unknown; attestation: string; challenge: string };
      challenge_id: string;
      expires_at: number;
    };
    expect(options.rp).toEqual({ id: 'localhost', name: 'Dossier' });
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(alice.id);
    expect(options.user.name).toBe(alice.email);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(options.attestation).toBe('none');
    expect(Buffer.from(options.challenge, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(200);
    expect(expires_at - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(300);

    const verified = await alice.client.auth.passkey.verifyRegistration({ challengeId: challenge_id, credential: aliceDevice.create(options as never) as never });
    expect(verified.error).toBeNull();
    expect(verified.data).toMatchObject({ friendly_name: 'Passkey' });
    alicePasskeyId = verified.data!.id;

    const listed = await alice.client.auth.passkey.list();
    expect(listed.error).toBeNull();
    expect(listed.data!.map((p) => p.id)).toEqual([alicePasskeyId]);
    expect(listed.data![0].last_used_at).toBeUndefined();

    // The next options exclude it: the same authenticator is not registered twice.
    const again = await alice.client.auth.passkey.startRegistration();
    expect((again.data!.options as unknown as { excludeCredentials: Array<{ id: string }> }).excludeCredentials.map((c) => c.id)).toEqual([
      aliceDevice.credentials[0].id.toString('base64url'),
    ]);
  });

  it('signs in with the passkey and no password: an aal1 session whose amr says passkey', async () => {
    const { stack, alice } = people();
    const { client, result } = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice);
    expect(result.error).toBeNull();
    const session = result.data!.session!;
    expect(session.user.id).toBe(alice.id);
    const c = claims(session.access_token);
    expect(c.sub).toBe(alice.id);
    expect(c.aal).toBe('aal1');
    expect((c.amr as Array<{ method: string }>).map((a) => a.method)).toEqual(['passkey']);
    // A real session: the database answers as alice, and the passkey shows its last use.
    const me = await client.auth.getUser();
    expect(me.data.user?.id).toBe(alice.id);
    const listed = await alice.client.auth.passkey.list();
    expect(listed.data![0].last_used_at).toBeDefined();
    // The sessions list tells a passkey sign-in from a password one.
    const sessions = await client.rpc('my_sessions');
    expect(sessions.error).toBeNull();
    const current = (sessions.data as Array<{ current: boolean; sign_in_method: string }>).find((s) => s.current)!;
    expect(current.sign_in_method).toBe('passkey');
  });

  it('refuses a registration or an assertion made for another origin or another RP id', async () => {
    const { stack, alice } = people();
    const phishing = await register(alice.client, new SoftwareAuthenticator('https://dossier.example.net'));
    expect(phishing.error).toMatchObject({ code: 'webauthn_verification_failed' });
    const otherRp = await register(alice.client, new SoftwareAuthenticator(ORIGIN), { rpId: 'example.net' });
    expect(otherRp.error).toMatchObject({ code: 'webauthn_verification_failed' });

    const wrongOrigin = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice, { origin: 'https://dossier.example.net' });
    expect(wrongOrigin.result.error).toMatchObject({ code: 'webauthn_verification_failed' });
    expect(wrongOrigin.result.data?.session ?? null).toBeNull();
    const wrongRp = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice, { rpId: 'example.net' });
    expect(wrongRp.result.error).toMatchObject({ code: 'webauthn_verification_failed' });
    expect((await alice.client.auth.passkey.list()).data).toHaveLength(1);
  });

  it('uses a challenge once: a replayed assertion is refused, so is a reused registration challenge', async () => {
    const { stack, alice } = people();
    const first = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice);
    expect(first.result.error).toBeNull();
    const replay = await anonClient(stack).auth.passkey.verifyAuthentication({ challengeId: first.challengeId, credential: first.assertion as never });
    expect(replay.error).toMatchObject({ code: 'webauthn_challenge_not_found' });
    expect(replay.data?.session ?? null).toBeNull();

    // The same assertion against a fresh challenge does not sign the challenge: refused too.
    const fresh = await anonClient(stack).auth.passkey.startAuthentication();
    const onFresh = await anonClient(stack).auth.passkey.verifyAuthentication({ challengeId: fresh.data!.challenge_id, credential: first.assertion as never });
    expect(onFresh.error).toMatchObject({ code: 'webauthn_verification_failed' });

    const started = await alice.client.auth.passkey.startRegistration();
    const device = new SoftwareAuthenticator(ORIGIN);
    const once = await alice.client.auth.passkey.verifyRegistration({ challengeId: started.data!.challenge_id, credential: device.create(started.data!.options as never) as never });
    expect(once.error).toBeNull();
    const twice = await alice.client.auth.passkey.verifyRegistration({ challengeId: started.data!.challenge_id, credential: device.create(started.data!.options as never) as never });
    expect(twice.error).toMatchObject({ code: 'webauthn_challenge_not_found' });
    expect(await alice.client.auth.passkey.delete({ passkeyId: once.data!.id })).toMatchObject({ error: null });
  });

  it('refuses an expired challenge', async () => {
    const { stack } = people();
    const client = anonClient(stack);
    const started = await client.auth.passkey.startAuthentication();
    await stack.db.admin((q) => q.query(`update auth.webauthn_challenges set expires_at = now() - interval '1 second' where id = $1`, [started.data!.challenge_id]));
    const late = await client.auth.passkey.verifyAuthentication({ challengeId: started.data!.challenge_id, credential: aliceDevice.get(started.data!.options as never) as never });
    expect(late.error).toMatchObject({ code: 'webauthn_challenge_expired' });
  });

  it('refuses a signature counter that did not go up (a cloned authenticator)', async () => {
    const { stack } = people();
    const stored = await stack.db.admin((q) => q.query<{ sign_count: string }>(`select sign_count from auth.webauthn_credentials where id = $1`, [alicePasskeyId]));
    const counter = Number(stored.rows[0].sign_count);
    expect(counter).toBeGreaterThan(0);
    const cloned = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice, { counter: counter - 1 });
    expect(cloned.result.error).toMatchObject({ code: 'webauthn_verification_failed' });
    const same = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice, { counter });
    expect(same.result.error).toMatchObject({ code: 'webauthn_verification_failed' });
    const next = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice, { counter: counter + 5 });
    expect(next.result.error).toBeNull();
  });

  it("refuses a passkey whose user handle is another person's, and one nobody registered", async () => {
    const { stack, bob } = people();
    // Bob's own passkey, replayed with alice's user handle: not alice's credential.
    const bobDevice = new SoftwareAuthenticator(ORIGIN);
    expect((await register(bob.client, bobDevice)).error).toBeNull();
    bobDevice.credentials[0].userHandle = aliceDevice.credentials[0].userHandle;
    const forged = await signInWithPasskey(stack.url, stack.anonKey, bobDevice);
    expect(forged.result.error).toMatchObject({ code: 'webauthn_verification_failed' });

    const stranger = new SoftwareAuthenticator(ORIGIN);
    stranger.create({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: Buffer.from(bob.id).toString('base64url') } });
    const unknown = await signInWithPasskey(stack.url, stack.anonKey, stranger);
    // As Supabase Auth answers it: an unknown credential is a failed verification, no hint that it does not exist.
    expect(unknown.result.error).toMatchObject({ code: 'webauthn_verification_failed' });
  });

  it('renames and removes only the caller’s own passkeys', async () => {
    const { alice, bob } = people();
    const renamed = await alice.client.auth.passkey.update({ passkeyId: alicePasskeyId, friendlyName: 'Pixel 9' });
    expect(renamed.error).toBeNull();
    expect(renamed.data).toMatchObject({ id: alicePasskeyId, friendly_name: 'Pixel 9' });
    expect((await alice.client.auth.passkey.update({ passkeyId: alicePasskeyId, friendlyName: 'x'.repeat(121) })).error).toMatchObject({ code: 'validation_failed' });

    expect((await bob.client.auth.passkey.update({ passkeyId: alicePasskeyId, friendlyName: 'mine now' })).error?.status).toBe(404);
    expect((await bob.client.auth.passkey.delete({ passkeyId: alicePasskeyId })).error?.status).toBe(404);
    expect((await bob.client.auth.passkey.list()).data!.map((p) => p.id)).not.toContain(alicePasskeyId);
    expect((await alice.client.auth.passkey.list()).data!.map((p) => p.friendly_name)).toEqual(['Pixel 9']);
  });

  it('nobody reads the credential tables: not anon, not authenticated, not even their own rows', async () => {
    const { stack, alice } = people();
    for (const role of ['anon', 'authenticated'] as const) {
      for (const table of ['webauthn_credentials', 'webauthn_challenges']) {
        await expect(
          stack.db.withRequest({ role, claims: role === 'authenticated' ? { sub: alice.id, role } : { role } }, (q) => q.query(`select * from auth.${table}`)),
        ).rejects.toThrow(/permission denied/);
      }
    }
    const rest = await alice.client.schema('auth' as never).from('webauthn_credentials').select('*');
    expect(rest.error).not.toBeNull();
    expect(rest.data ?? null).toBeNull();
  });

  it('lets the service role list and delete a person’s passkeys; the anon key may not', async () => {
    const { stack, alice } = people();
    const admin = serviceClient(stack).auth.admin;
    const listed = await admin.passkey.listPasskeys({ userId: alice.id });
    expect(listed.error).toBeNull();
    expect(listed.data!.map((p) => p.id)).toEqual([alicePasskeyId]);
    const anonAdmin = anonClient(stack).auth.admin;
    expect((await anonAdmin.passkey.listPasskeys({ userId: alice.id })).error?.status).toBe(403);
    expect((await anonAdmin.passkey.deletePasskey({ userId: alice.id, passkeyId: alicePasskeyId })).error?.status).toBe(403);

    expect((await admin.passkey.deletePasskey({ userId: alice.id, passkeyId: alicePasskeyId })).error).toBeNull();
    expect((await admin.passkey.listPasskeys({ userId: alice.id })).data).toEqual([]);
    // Gone from the server: the device still holds it, the sign-in is refused.
    const after = await signInWithPasskey(stack.url, stack.anonKey, aliceDevice);
    expect(after.result.error).toMatchObject({ code: 'webauthn_verification_failed' });
  });

  it('asks for aal2 to add or remove a passkey once two-step sign-in is on', async () => {
    const { stack } = people();
    const carol: TestUser = await (await import('./support/users.js')).createTestUser(stack, 'carol');
    const enrolled = await carol.client.auth.mfa.enroll({ factorType: 'totp' });
    await stack.db.admin((q) => q.query(`update auth.mfa_factors set status = 'verified' where id = $1`, [enrolled.data!.id]));
    const refused = await carol.client.auth.passkey.startRegistration();
    expect(refused.error).toMatchObject({ code: 'insufficient_aal' });
  });
});
