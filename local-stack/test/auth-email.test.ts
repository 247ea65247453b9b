import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { outboxDir } from '../src/outbox/index';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

// E-mail flows through the local outbox: password reset, confirmation, and the auth rate limits.
const APP = 'http://127.0.0.1:4200/auth';
let counter = 0;
const email = (tag: string) => `${tag}-${Date.now().toString(36)}-${++counter}@example.com`;

function client(stack: TestStack, flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient {
  return createClient(stack.url, stack.anonKey, { ...clientOptions, auth: { ...clientOptions.auth, flowType } });
}

interface Mail {
  to: string;
  subject: string;
  link: string;
  text: string;
  type: string;
}

async function outbox(stack: TestStack, to: string): Promise<Mail[]> {
  const res = await fetch(`${stack.url}/auth/v1/outbox?to=${encodeURIComponent(to)}`, {
    headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()).messages;
}

async function follow(link: string): Promise<URL> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

const LIMITS = { signInSignUps: 10_000, tokenRefresh: 10_000, tokenVerifications: 10_000, emailSent: 10_000 };

describe.each(databasesSync())('e-mail flows on %s', (database) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { authRateLimits: LIMITS } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('resets a password: recover → outbox mail → verify link → session → new password works', async () => {
    const address = email('reset');
    await client(stack).auth.signUp({ email: address, password: 'old-secret' });
    const sb = client(stack);
    const sent = await sb.auth.resetPasswordForEmail(address, { redirectTo: APP });
    expect(sent.error).toBeNull();
    const [mail] = await outbox(stack, address);
    expect(mail.subject).toBe('Reset Your Password');
    expect(mail.type).toBe('recovery');
    expect(mail.link.startsWith(`${stack.url}/auth/v1/verify?`)).toBe(true);
    expect(mail.text).toContain(mail.link);

    const landed = await follow(mail.link);
    expect(`${landed.origin}${landed.pathname}`).toBe(APP);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('type')).toBe('recovery');
    await sb.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect((await sb.auth.updateUser({ password: 'new-secret' })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email: address, password: 'new-secret' })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email: address, password: 'old-secret' })).error?.code).toBe('invalid_credentials');

    // The link works once.
    const again = new URLSearchParams((await follow(mail.link)).hash.slice(1));
    expect(again.get('error')).toBe('access_denied');
    expect(again.get('error_code')).toBe('otp_expired');
  });

  it('resets a password with PKCE: the link lands with ?code= that exchangeCodeForSession accepts', async () => {
    const address = email('pkce-reset');
    await client(stack).auth.signUp({ email: address, password: 'old-secret' });
    const sb = client(stack, 'pkce');
    expect((await sb.auth.resetPasswordForEmail(address, { redirectTo: APP })).error).toBeNull();
    const [mail] = await outbox(stack, address);
    const landed = await follow(mail.link);
    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();
    const exchanged = await sb.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(address);
    expect((await sb.auth.updateUser({ password: 'pkce-secret' })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email: address, password: 'pkce-secret' })).error).toBeNull();
  });

  it('verifies the six-digit code from the mail with verifyOtp', async () => {
    const address = email('otp');
    await client(stack).auth.signUp({ email: address, password: 'old-secret' });
    await client(stack).auth.resetPasswordForEmail(address);
    const [mail] = await outbox(stack, address);
    const otp = /enter the code: (\d{6})/.exec(mail.text)![1];
    const sb = client(stack);
    const verified = await sb.auth.verifyOtp({ email: address, token: otp, type: 'recovery' });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.access_token).toBeTruthy();
  });

  it('answers recover the same way for an unknown address and sends nothing', async () => {
    const address = email('ghost');
    expect((await client(stack).auth.resetPasswordForEmail(address)).error).toBeNull();
    expect(await outbox(stack, address)).toEqual([]);
  });

  it('keeps the outbox for service_role only, and writes mails as files under <dataDir>/outbox', async () => {
    const res = await fetch(`${stack.url}/auth/v1/outbox`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(403);
    expect((await res.json()).error_code).toBe('not_admin');
    const files = readdirSync(outboxDir(stack.dataDir)).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    const mail = JSON.parse(readFileSync(path.join(outboxDir(stack.dataDir), files[0]), 'utf8'));
    expect(Object.keys(mail)).toEqual(expect.arrayContaining(['to', 'subject', 'text', 'html', 'link', 'created_at']));
  });

  it('refuses a tampered verify link', async () => {
    const landed = await follow(`${stack.url}/auth/v1/verify?token=not-a-token&type=recovery&redirect_to=${encodeURIComponent(APP)}`);
    expect(new URLSearchParams(landed.hash.slice(1)).get('error')).toBe('access_denied');
  });
});

describe('e-mail confirmation mode', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database: 'pglite', overrides: { enableEmailConfirmations: true, authRateLimits: LIMITS } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs up without a session, refuses sign-in until the link is followed, then signs in', async () => {
    const address = email('confirm');
    const signUp = await client(stack).auth.signUp({ email: address, password: 'secret-one', options: { emailRedirectTo: APP, data: { name: 'Conf' } } });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe(address);
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();

    const early = await client(stack).auth.signInWithPassword({ email: address, password: 'secret-one' });
    expect(early.error?.code).toBe('email_not_confirmed');

    const [mail] = await outbox(stack, address);
    expect(mail.subject).toBe('Confirm Your Signup');
    const fragment = new URLSearchParams((await follow(mail.link)).hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('access_token')).toBeTruthy();

    const later = await client(stack).auth.signInWithPassword({ email: address, password: 'secret-one' });
    expect(later.error).toBeNull();
    expect(later.data.user?.email_confirmed_at).toBeTruthy();
    expect(later.data.user?.user_metadata.name).toBe('Conf');
  });

  it('resends the confirmation link; the newest link confirms', async () => {
    const address = email('resend');
    await client(stack).auth.signUp({ email: address, password: 'secret-one' });
    const resent = await client(stack).auth.resend({ type: 'signup', email: address, options: { emailRedirectTo: APP } });
    expect(resent.error).toBeNull();
    const mails = await outbox(stack, address);
    expect(mails).toHaveLength(2);
    expect(new URLSearchParams((await follow(mails[1].link)).hash.slice(1)).get('error')).toBe('access_denied');
    expect(new URLSearchParams((await follow(mails[0].link)).hash.slice(1)).get('type')).toBe('signup');
    expect((await client(stack).auth.signInWithPassword({ email: address, password: 'secret-one' })).error).toBeNull();
  });

  it('changes the e-mail address only after the link sent to the new address is followed', async () => {
    const oldAddress = email('move-from');
    const newAddress = email('move-to');
    const sb = client(stack);
    await sb.auth.signUp({ email: oldAddress, password: 'secret-one' });
    await follow((await outbox(stack, oldAddress))[0].link);
    await sb.auth.signInWithPassword({ email: oldAddress, password: 'secret-one' });
    const asked = await sb.auth.updateUser({ email: newAddress }, { emailRedirectTo: APP });
    expect(asked.error).toBeNull();
    expect(asked.data.user?.email).toBe(oldAddress);
    expect(asked.data.user?.new_email).toBe(newAddress);
    const [mail] = await outbox(stack, newAddress);
    expect(mail.subject).toBe('Confirm Email Change');
    await follow(mail.link);
    expect((await client(stack).auth.signInWithPassword({ email: newAddress, password: 'secret-one' })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email: oldAddress, password: 'secret-one' })).error?.code).toBe('invalid_credentials');
  });

  it('does not reveal that a confirmed address is taken', async () => {
    const address = email('taken');
    await client(stack).auth.signUp({ email: address, password: 'secret-one' });
    const [mail] = await outbox(stack, address);
    await follow(mail.link);
    const again = await client(stack).auth.signUp({ email: address, password: 'secret-two' });
    expect(again.error).toBeNull();
    expect(again.data.user?.identities).toEqual([]);
  });
});

describe('auth rate limits', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ database: 'pglite', overrides: { authRateLimits: { signInSignUps: 2, emailSent: 1 } } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('answers 429 over_request_rate_limit with Retry-After once the budget is spent', async () => {
    const address = email('limit');
    expect((await client(stack).auth.signUp({ email: address, password: 'secret-one' })).error).toBeNull();
    expect((await client(stack).auth.signInWithPassword({ email: address, password: 'secret-one' })).error).toBeNull();
    const third = await client(stack).auth.signInWithPassword({ email: address, password: 'secret-one' });
    expect(third.error?.status).toBe(429);
    expect(third.error?.code).toBe('over_request_rate_limit');
    const raw = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: address, password: 'secret-one' }),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(raw.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await raw.json()).toMatchObject({ error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });

    expect((await client(stack).auth.resetPasswordForEmail(address)).error).toBeNull();
    const mails = await client(stack).auth.resetPasswordForEmail(address);
    expect(mails.error?.status).toBe(429);
    expect(mails.error?.code).toBe('over_email_send_rate_limit');
  });
});
