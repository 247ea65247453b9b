import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { databasesSync, withStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';
import { googleRoundTrip } from './support/google';

// "Continue with Google" end to end without a browser: follow every redirect with fetch, through
// /auth/v1/authorize, the emulator's consent page, /auth/v1/callback and back to the app.
const APP = 'http://127.0.0.1:4200/auth';

function client(stack: TestStack, flowType: 'implicit' | 'pkce'): SupabaseClient {
  return createClient(stack.url, stack.anonKey, { ...clientOptions, auth: { ...clientOptions.auth, flowType } });
}

describe.each(databasesSync())('Google sign-in on %s', (database) => {
  const stack = withStack(database);

  it('implicit flow: approve → tokens in the fragment → a Google user whose first sign-in equals its creation', async () => {
    const sb = client(stack(), 'implicit');
    const { data, error } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    expect(error).toBeNull();
    const landed = await googleRoundTrip(stack(), data.url!, { account: 'ada@example.com', decision: 'allow' });
    expect(`${landed.origin}${landed.pathname}`).toBe(APP);
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(fragment.get('provider_token')).toBeTruthy();
    const set = await sb.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(set.error).toBeNull();
    const user = (await sb.auth.getUser()).data.user!;
    expect(user.email).toBe('ada@example.com');
    expect(user.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(user.user_metadata).toMatchObject({ full_name: 'Ada Lovelace', email: 'ada@example.com', email_verified: true });
    expect(user.identities?.map((i) => i.provider)).toEqual(['google']);
    // Onboarding tells a brand-new OAuth user by created_at === last_sign_in_at, as on Supabase.
    expect(user.last_sign_in_at).toBe(user.created_at);

    const again = await client(stack(), 'implicit').auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const second = new URLSearchParams((await googleRoundTrip(stack(), again.data.url!, { account: 'ada@example.com', decision: 'allow' })).hash.slice(1));
    const claims = JSON.parse(Buffer.from(second.get('access_token')!.split('.')[1], 'base64url').toString());
    expect(claims.sub).toBe(user.id);
    expect(claims.amr[0].method).toBe('oauth');
    const later = (await client(stack(), 'implicit').auth.getUser(second.get('access_token')!)).data.user!;
    expect(later.last_sign_in_at).not.toBe(later.created_at);
  });

  it('deny → the app gets error=access_denied and no session', async () => {
    const sb = client(stack(), 'implicit');
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const landed = await googleRoundTrip(stack(), data.url!, { account: 'grace@example.com', decision: 'deny' });
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('error')).toBe('access_denied');
    expect(fragment.get('error_description')).toBeTruthy();
    expect(fragment.get('access_token')).toBeNull();
  });

  it('PKCE flow: approve with a typed-in account → ?code= → exchangeCodeForSession', async () => {
    const sb = client(stack(), 'pkce');
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    expect(data.url).toContain('code_challenge=');
    const landed = await googleRoundTrip(stack(), data.url!, { account: 'other', other_name: 'Katherine Johnson', other_email: 'katherine@example.com', decision: 'allow' });
    const code = landed.searchParams.get('code');
    expect(code).toBeTruthy();
    expect(landed.hash).toBe('');
    const exchanged = await sb.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe('katherine@example.com');
    expect(exchanged.data.session?.provider_token).toBeTruthy();
    expect((await sb.auth.getUser()).data.user?.user_metadata.full_name).toBe('Katherine Johnson');
    // A code works once.
    const replay = await client(stack(), 'pkce').auth.exchangeCodeForSession(code!);
    expect(replay.error).not.toBeNull();
  });

  it('PKCE deny → error in the query string', async () => {
    const sb = client(stack(), 'pkce');
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const landed = await googleRoundTrip(stack(), data.url!, { account: 'ada@example.com', decision: 'deny' });
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
  });

  it('links Google to an existing e-mail account with the same address', async () => {
    const address = 'grace@example.com';
    await client(stack(), 'implicit').auth.signUp({ email: address, password: 'secret-one' });
    const sb = client(stack(), 'implicit');
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const fragment = new URLSearchParams((await googleRoundTrip(stack(), data.url!, { account: address, decision: 'allow' })).hash.slice(1));
    const user = (await sb.auth.getUser(fragment.get('access_token')!)).data.user!;
    expect(user.identities?.map((i) => i.provider).sort()).toEqual(['email', 'google']);
    expect(user.app_metadata.providers).toEqual(['email', 'google']);
  });
});

describe('Google emulator', () => {
  const stack = withStack('pglite');

  async function consentCode(extra: Record<string, string> = {}): Promise<{ code: string; redirect: string }> {
    const redirect = 'http://127.0.0.1:4200/oauth-test';
    const q = new URLSearchParams({ client_id: 'test-client', redirect_uri: redirect, response_type: 'code', scope: 'openid email profile', state: 's1', ...extra });
    const html = await (await fetch(`${stack().googleUrl}/o/oauth2/v2/auth?${q}`)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1];
    const res = await fetch(`${stack().googleUrl}/o/oauth2/v2/auth/decision`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ request_id: requestId, account: 'alan@example.com', decision: 'allow' }),
    });
    const loc = new URL(res.headers.get('location')!);
    expect(loc.searchParams.get('state')).toBe('s1');
    return { code: loc.searchParams.get('code')!, redirect };
  }

  it('exchanges a code once with Google field names, serves userinfo and refreshes', async () => {
    const { code, redirect } = await consentCode();
    const token = await fetch(`${stack().googleUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: 'test-client', client_secret: 'x' }),
    });
    expect(token.status).toBe(200);
    const t = await token.json();
    expect(t).toMatchObject({ expires_in: 3599, token_type: 'Bearer', scope: 'openid email profile' });
    expect(t.access_token && t.refresh_token && t.id_token).toBeTruthy();
    const info = await (await fetch(`${stack().googleUrl}/oauth2/v3/userinfo`, { headers: { authorization: `Bearer ${t.access_token}` } })).json();
    expect(info).toMatchObject({ email: 'alan@example.com', email_verified: true, name: 'Alan Turing', given_name: 'Alan', family_name: 'Turing' });
    expect(info.sub).toMatch(/^\d{21}$/);

    const replay = await fetch(`${stack().googleUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirect, client_id: 'test-client', client_secret: 'x' }),
    });
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_grant');

    const refreshed = await fetch(`${stack().googleUrl}/token`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: t.refresh_token, client_id: 'test-client', client_secret: 'x' }) });
    expect((await refreshed.json()).access_token).toBeTruthy();
    const tokeninfo = await (await fetch(`${stack().googleUrl}/tokeninfo?access_token=${t.access_token}`)).json();
    expect(tokeninfo).toMatchObject({ aud: 'test-client', email: 'alan@example.com' });
    const config = await (await fetch(`${stack().googleUrl}/.well-known/openid-configuration`)).json();
    expect(config.token_endpoint).toBe(`${stack().googleUrl}/token`);
  });

  it('answers response_type=token with a fragment, as the Drive consent expects', async () => {
    const q = new URLSearchParams({ client_id: 'drive-client', redirect_uri: 'http://127.0.0.1:4200/', response_type: 'token', scope: 'https://www.googleapis.com/auth/drive.file', state: 'google_drive_auth', prompt: 'consent' });
    const html = await (await fetch(`${stack().googleUrl}/o/oauth2/v2/auth?${q}`)).text();
    const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1];
    const res = await fetch(`${stack().googleUrl}/o/oauth2/v2/auth/decision`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ request_id: requestId, account: 'ada@example.com', decision: 'allow' }) });
    const fragment = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
    expect(fragment.get('token_type')).toBe('Bearer');
    expect(fragment.get('expires_in')).toBe('3599');
    expect(fragment.get('state')).toBe('google_drive_auth');
    expect(fragment.get('scope')).toBe('https://www.googleapis.com/auth/drive.file');
  });

  it('injects faults for the next N matching requests', async () => {
    const add = await fetch(`${stack().googleUrl}/__emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/oauth2/v3/userinfo', status: 503, count: 1 }) });
    expect(add.status).toBe(201);
    expect((await fetch(`${stack().googleUrl}/oauth2/v3/userinfo`)).status).toBe(503);
    expect((await fetch(`${stack().googleUrl}/oauth2/v3/userinfo`)).status).toBe(401);
  });

  it('a failing Google token endpoint sends the app back with an error instead of a session', async () => {
    await fetch(`${stack().googleUrl}/__emulator/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ path: '/token', status: 500, count: 1 }) });
    const sb = client(stack(), 'implicit');
    const { data } = await sb.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: APP, skipBrowserRedirect: true } });
    const landed = await googleRoundTrip(stack(), data.url!, { account: 'ada@example.com', decision: 'allow' });
    const fragment = new URLSearchParams(landed.hash.slice(1));
    expect(fragment.get('error')).toBe('server_error');
    expect(fragment.get('access_token')).toBeNull();
  });
});
