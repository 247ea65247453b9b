// Two-step sign-in with TOTP (issue 14 §2) through supabase-js's auth.mfa API against the local
// stack's GoTrue factor endpoints, on PGlite and PostgreSQL: enrol (QR code, secret, URI),
// challenge, verify (a new aal2 session), aal/amr claims, RLS that needs aal2 once a factor is
// verified, recovery codes that work once, and unenrol.
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { databasesSync } from './support/test-stack.js';
import { anonClient, clientOptions, createTestUser, withPeople } from './support/users.js';

function claims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as Record<string, unknown>;
}

function codeFor(secret: string, offsetSteps = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + offsetSteps * 30_000 });
}

async function accessToken(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

describe.each(databasesSync())('TOTP two-step sign-in on %s', (database) => {
  const people = withPeople(database, { names: ['alice'], overrides: { schedulerTickMs: 0 } });
  let factorId: string;
  let secret: string;
  let recoveryCodes: string[];
  let portfolioId: string;

  beforeAll(async () => {
    const { alice } = people();
    const tag = await alice.client.from('tags').insert({ name: 'Identity' });
    expect(tag.error).toBeNull();
    const portfolio = await alice.client.from('portfolios').insert({ name: 'Visa' }).select('id').single();
    expect(portfolio.error).toBeNull();
    portfolioId = portfolio.data!.id as string;
    expect((await alice.client.from('portfolio_checklist_items').insert({ portfolio_id: portfolioId, label: 'Passport' })).error).toBeNull();
    expect((await alice.client.rpc('create_share_link', { portfolio_id: portfolioId })).error).toBeNull();
  }, 180_000);

  const signIn = async (): Promise<SupabaseClient> => {
    const { stack, alice } = people();
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const r = await client.auth.signInWithPassword({ email: alice.email, password: alice.password });
    if (r.error) throw r.error;
    return client;
  };

  it('enrols: a QR code, the secret and an otpauth URI; the factor stays unverified until a code is given', async () => {
    const { alice } = people();
    const enrolled = await alice.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone', issuer: 'Dossier' });
    expect(enrolled.error).toBeNull();
    const data = enrolled.data!;
    expect(data.type).toBe('totp');
    expect(data.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    expect(data.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(data.totp.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(data.totp.secret);
    expect(uri.searchParams.get('issuer')).toBe('Dossier');
    factorId = data.id;
    secret = data.totp.secret;

    const listed = await alice.client.auth.mfa.listFactors();
    expect(listed.data!.all.map((f) => [f.id, f.status])).toEqual([[factorId, 'unverified']]);
    expect(listed.data!.totp).toEqual([]);
    const same = await alice.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
    expect(same.error?.code).toBe('mfa_factor_name_conflict');
  });

  it('refuses a wrong code and an expired challenge, then verifies into an aal2 session', async () => {
    const { stack, alice } = people();
    const challenge = await alice.client.auth.mfa.challenge({ factorId });
    expect(challenge.error).toBeNull();
    expect(challenge.data!.expires_at - Math.floor(Date.now() / 1000)).toBeGreaterThan(200);
    const wrongCode = codeFor(secret) === '000000' ? '111111' : '000000';
    const wrong = await alice.client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: wrongCode });
    expect(wrong.error?.code).toBe('mfa_verification_failed');

    await stack.db.admin((q) => q.query(`update auth.mfa_challenges set created_at = now() - interval '10 minutes' where id = $1`, [challenge.data!.id]));
    const expired = await alice.client.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeFor(secret) });
    expect(expired.error?.code).toBe('mfa_challenge_expired');

    const verified = await alice.client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    expect(verified.error).toBeNull();
    const token = await accessToken(alice.client);
    expect(claims(token).aal).toBe('aal2');
    expect((claims(token).amr as { method: string }[]).map((a) => a.method)).toEqual(expect.arrayContaining(['password', 'totp']));
    const level = await alice.client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    // A refreshed token keeps aal2.
    const refreshed = await alice.client.auth.refreshSession();
    expect(claims(refreshed.data.session!.access_token).aal).toBe('aal2');
    expect((await alice.client.auth.mfa.listFactors()).data!.totp.map((f) => f.id)).toEqual([factorId]);
  });

  it('needs aal2 for the library once a factor is verified: a password-only session sees nothing', async () => {
    const { stack } = people();
    const fresh = await signIn();
    expect(claims(await accessToken(fresh)).aal).toBe('aal1');
    expect((await fresh.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    expect((await fresh.from('tags').select('name')).data).toEqual([]);
    const write = await fresh.from('tags').insert({ name: 'Sneaky' });
    expect(write.error).not.toBeNull();
    const raw = await fetch(`${stack.url}/rest/v1/tags?select=name`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${await accessToken(fresh)}` } });
    expect(await raw.json()).toEqual([]);
    // Removing the factor needs aal2 too.
    expect((await fresh.auth.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal');

    const passed = await fresh.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    expect(passed.error).toBeNull();
    expect((await fresh.from('tags').select('name')).data).toEqual([{ name: 'Identity' }]);
  });

  it('needs aal2 for portfolios, checklists and share links too, through tables and functions alike', async () => {
    const { stack } = people();
    const fresh = await signIn();
    const token = await accessToken(fresh);
    const raw = async (path: string) => {
      const { stack } = people();
      const res = await fetch(`${stack.url}/rest/v1/${path}`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      return res.json();
    };
    expect(await raw('portfolios?select=name')).toEqual([]);
    expect(await raw('portfolio_checklist_items?select=label')).toEqual([]);
    expect(await raw('share_links?select=id')).toEqual([]);
    expect(await raw('share_views?select=id')).toEqual([]);
    expect((await fresh.rpc('list_share_links', { portfolio_id: portfolioId })).data).toEqual([]);
    const made = await fresh.rpc('create_share_link', { portfolio_id: portfolioId });
    expect(made.error).not.toBeNull();
    // The link exists; an aal1 session can neither revoke it nor set its password.
    const [link] = (await stack.db.admin((q) => q.query<{ id: string }>(`select id from public.share_links where portfolio_id = $1`, [portfolioId]))).rows;
    expect((await fresh.rpc('set_share_link_password', { link_id: link.id, password: 'secret-1' })).error).not.toBeNull();
    await fresh.from('share_links').update({ revoked_at: new Date().toISOString() }).eq('id', link.id);
    expect((await stack.db.admin((q) => q.query(`select revoked_at from public.share_links where id = $1`, [link.id]))).rows[0]).toEqual({ revoked_at: null });

    const passed = await fresh.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    expect(passed.error).toBeNull();
    expect((await fresh.from('portfolio_checklist_items').select('label')).data).toEqual([{ label: 'Passport' }]);
    expect((await fresh.rpc('list_share_links', { portfolio_id: portfolioId })).data).toHaveLength(1);
    expect((await fresh.rpc('create_share_link', { portfolio_id: portfolioId })).error).toBeNull();
  });

  it('creates ten recovery codes only in an aal2 session', async () => {
    const { stack, alice } = people();
    const fresh = await signIn();
    const refused = await fresh.rpc('generate_mfa_recovery_codes');
    expect(refused.error).not.toBeNull();
    const made = await alice.client.rpc('generate_mfa_recovery_codes');
    expect(made.error).toBeNull();
    recoveryCodes = made.data as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    expect((await alice.client.rpc('mfa_recovery_codes_left')).data).toBe(10);
    const stored = await stack.db.admin((q) => q.query<{ code_hash: string }>('select code_hash from jobs.mfa_recovery_codes'));
    expect(stored.rows.map((r) => r.code_hash)).not.toContain(recoveryCodes[0]);
  });

  it('lets a recovery code in once: the factor goes, the library opens, the same code is refused after', async () => {
    const { stack } = people();
    const lost = await signIn();
    const wrong = await lost.rpc('use_mfa_recovery_code', { code: 'AAAAA-BBBBB' });
    expect(wrong.data).toEqual({ ok: false, reason: 'invalid_code' });
    const used = await lost.rpc('use_mfa_recovery_code', { code: recoveryCodes[0].toLowerCase() });
    expect(used.data).toEqual({ ok: true, codes_left: 9 });
    expect((await lost.from('tags').select('name')).data).toEqual([{ name: 'Identity' }]);
    expect((await lost.auth.mfa.listFactors()).data!.all).toEqual([]);

    const again = await lost.rpc('use_mfa_recovery_code', { code: recoveryCodes[0] });
    expect(again.data).toEqual({ ok: false, reason: 'invalid_code' });
    expect(await anonClient(stack).rpc('use_mfa_recovery_code', { code: recoveryCodes[1] }).then((r) => r.error)).not.toBeNull();
  });

  it('unenrols from an aal2 session and the session goes back to aal1', async () => {
    const { alice } = people();
    const enrolled = await alice.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: `Tablet ${randomUUID().slice(0, 4)}` });
    expect(enrolled.error).toBeNull();
    const id = enrolled.data!.id;
    const s = enrolled.data!.totp.secret;
    const ok = await alice.client.auth.mfa.challengeAndVerify({ factorId: id, code: codeFor(s) });
    expect(ok.error).toBeNull();
    const gone = await alice.client.auth.mfa.unenroll({ factorId: id });
    expect(gone.error).toBeNull();
    expect(gone.data).toEqual({ id });
    const refreshed = await alice.client.auth.refreshSession();
    expect(claims(refreshed.data.session!.access_token).aal).toBe('aal1');
    expect((await alice.client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it('answers factor routes of another user as not found', async () => {
    const { stack, alice } = people();
    const bob = await createTestUser(stack, 'bob');
    const mine = await alice.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Laptop' });
    const theirs = await bob.client.auth.mfa.challenge({ factorId: mine.data!.id });
    expect(theirs.error?.code).toBe('mfa_factor_not_found');
    const remove = await bob.client.auth.mfa.unenroll({ factorId: mine.data!.id });
    expect(remove.error?.code).toBe('mfa_factor_not_found');
  });
});
