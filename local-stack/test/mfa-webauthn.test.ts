// A passkey as the second step (issue 27): GoTrue's WebAuthn factor through supabase-js's auth.mfa
// (enroll, challenge, verify) against the local stack, on PGlite and PostgreSQL, with a software
// authenticator: registration into aal2, a later sign-in's second step, replay, another account's
// passkey and another origin refused, and recovery codes that still stand in for it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { databasesSync } from './support/test-stack.js';
import { SoftwareAuthenticator, type CeremonyOverrides } from './support/software-authenticator.js';
import { clientOptions, withPeople, type TestUser } from './support/users.js';

const ORIGIN = 'http://localhost:4200';
const b64u = (v: unknown) => (typeof v === 'string' ? v : Buffer.from(v as ArrayBuffer).toString('base64url'));

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** supabase-js hands the options over as the browser wants them (ArrayBuffers): back to JSON. */
interface OptionsJson {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
  allowCredentials: Array<{ id: string }>;
}

function asJson(publicKey: Record<string, unknown> & { user?: { id: unknown }; allowCredentials?: Array<{ id: unknown }> }): OptionsJson {
  return {
    ...publicKey,
    challenge: b64u(publicKey.challenge),
    rp: (publicKey.rp ?? {}) as { id?: string },
    user: { ...publicKey.user, id: publicKey.user ? b64u(publicKey.user.id) : '' },
    allowCredentials: (publicKey.allowCredentials ?? []).map((c) => ({ ...c, id: b64u(c.id) })),
  };
}

/** What navigator.credentials hands supabase-js: an object whose toJSON() is the response JSON. */
const credential = (json: Record<string, unknown>) => ({ ...json, toJSON: () => json }) as never;

async function answer(client: SupabaseClient, factorId: string, device: SoftwareAuthenticator, overrides: CeremonyOverrides = {}) {
  const challenge = await client.auth.mfa.challenge({ factorId, webauthn: { rpId: 'localhost', rpOrigins: [ORIGIN] } } as never);
  expect(challenge.error).toBeNull();
  const data = challenge.data as unknown as { id: string; webauthn: { type: 'create' | 'request'; credential_options: { publicKey: Parameters<typeof asJson>[0] } } };
  const options = asJson(data.webauthn.credential_options.publicKey);
  const json = data.webauthn.type === 'create' ? device.create(options as never, overrides) : device.get(options as never, overrides);
  const verify = () =>
    client.auth.mfa.verify({ factorId, challengeId: data.id, webauthn: { type: data.webauthn.type, rpId: 'localhost', rpOrigins: [ORIGIN], credential_response: credential(json) } } as never);
  return { type: data.webauthn.type, options, result: await verify(), replay: verify };
}

async function passwordSignIn(url: string, anonKey: string, who: TestUser): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, clientOptions);
  const r = await client.auth.signInWithPassword({ email: who.email, password: who.password });
  if (r.error) throw r.error;
  return client;
}

describe.each(databasesSync())('a passkey as the second step on %s', (database) => {
  const people = withPeople(database, { names: ['alice', 'bob'], overrides: { schedulerTickMs: 0 } });
  const aliceKey = new SoftwareAuthenticator(ORIGIN);
  const bobKey = new SoftwareAuthenticator(ORIGIN);
  let aliceFactor: string;

  it('enrols a WebAuthn factor: creation options, then a verified factor and an aal2 session', async () => {
    const { alice } = people();
    const enrolled = await alice.client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Laptop' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'Laptop' });
    aliceFactor = enrolled.data!.id;
    const { type, options, result } = await answer(alice.client, aliceFactor, aliceKey);
    expect(type).toBe('create');
    expect(options.rp).toMatchObject({ id: 'localhost' });
    expect(result.error).toBeNull();
    const c = claims(result.data!.access_token);
    expect(c.aal).toBe('aal2');
    expect((c.amr as Array<{ method: string }>).map((a) => a.method)).toContain('mfa/webauthn');
    const factors = await alice.client.auth.mfa.listFactors();
    expect(factors.data!.all.map((f) => [f.factor_type, f.status])).toEqual([['webauthn', 'verified']]);
  });

  it('asks a later password sign-in for the passkey, and raises it to aal2 with it', async () => {
    const { stack, alice } = people();
    const client = await passwordSignIn(stack.url, stack.anonKey, alice);
    const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    const { type, options, result, replay } = await answer(client, aliceFactor, aliceKey);
    expect(type).toBe('request');
    expect(options.allowCredentials.map((c: { id: string }) => c.id)).toEqual([aliceKey.credentials[0].id.toString('base64url')]);
    expect(result.error).toBeNull();
    expect(claims(result.data!.access_token).aal).toBe('aal2');
    // The same answer again: the challenge was spent.
    expect((await replay()).error).not.toBeNull();
  });

  it("refuses another account's passkey, another origin and a counter that went backwards", async () => {
    const { stack, alice, bob } = people();
    const bobFactor = (await bob.client.auth.mfa.enroll({ factorType: 'webauthn', friendlyName: 'Bob key' })).data!.id;
    expect((await answer(bob.client, bobFactor, bobKey)).result.error).toBeNull();

    const client = await passwordSignIn(stack.url, stack.anonKey, alice);
    const bobs = await answer(client, aliceFactor, bobKey, { credentialId: bobKey.credentials[0].id.toString('base64url') });
    expect(bobs.result.error).toMatchObject({ code: 'mfa_verification_failed' });
    const phished = await answer(client, aliceFactor, aliceKey, { origin: 'https://dossier.example.net' });
    expect(phished.result.error).toMatchObject({ code: 'mfa_verification_failed' });
    const cloned = await answer(client, aliceFactor, aliceKey, { counter: 1 });
    expect(cloned.result.error).toMatchObject({ code: 'mfa_verification_failed' });
    expect(claims((await client.auth.getSession()).data.session!.access_token).aal).toBe('aal1');
  });

  it('still takes a recovery code instead: the passkey factor ends, the session needs no second step', async () => {
    const { stack, alice } = people();
    const codes = await alice.client.rpc('generate_mfa_recovery_codes');
    expect(codes.error).toBeNull();
    const client = await passwordSignIn(stack.url, stack.anonKey, alice);
    const used = await client.rpc('use_mfa_recovery_code', { code: (codes.data as string[])[0] });
    expect(used.data).toMatchObject({ ok: true });
    await client.auth.refreshSession();
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ nextLevel: 'aal1' });
  });
});
