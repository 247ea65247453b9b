import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { databasesSync, type TestStack } from '../../local-stack/test/support/test-stack';
import { clientOptions, createTestUser, serviceClient, type TestUser, withPeople } from '../../local-stack/test/support/users';

// ADR 0130: the drive-token function keeps each person's Google refresh token on the server
// (public.drive_grants, no browser role can read it) and hands out short-lived access tokens.

const REDIRECT = 'http://127.0.0.1:4200/oauth-callback';
const READ = 'https://www.googleapis.com/auth/drive.readonly';

async function consentCode(stack: TestStack, account: string): Promise<string> {
  const q = new URLSearchParams({ client_id: 'dossier-local.apps.googleusercontent.com', redirect_uri: REDIRECT, response_type: 'code', access_type: 'offline', prompt: 'consent', scope: READ, state: 'google_drive_auth' });
  const html = await (await fetch(`${stack.googleUrl}/o/oauth2/v2/auth?${q}`)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(html)![1];
  const consent = await fetch(`${stack.googleUrl}/o/oauth2/v2/auth/decision`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ request_id: requestId, account, decision: 'allow' }),
  });
  return new URL(consent.headers.get('location')!).searchParams.get('code')!;
}

async function call(user: TestUser, body: Record<string, unknown>): Promise<{ status: number; data: Record<string, unknown> }> {
  const { data, error } = await user.client.functions.invoke('drive-token', { body });
  if (!error) return { status: 200, data };
  const ctx = (error as FunctionsHttpError).context as Response;
  return { status: ctx.status, data: await ctx.json() };
}

async function driveAbout(stack: TestStack, accessToken: string): Promise<number> {
  return (await fetch(`${stack.googleUrl}/drive/v3/about?fields=user`, { headers: { authorization: `Bearer ${accessToken}` } })).status;
}

describe.each(databasesSync())('drive-token on %s', (database) => {
  const people = withPeople(database, { names: ['ada', 'bob'] });
  it('exchanges a code, keeps the refresh token from every browser role, refreshes only for its owner, and revokes', async () => {
    const { stack, ada, bob } = people();
    const exchanged = await call(ada, { action: 'exchange', code: await consentCode(stack, 'ada@example.com'), redirect_uri: REDIRECT });
    expect(exchanged.status).toBe(200);
    expect(exchanged.data).toMatchObject({ expires_in: 3599, scope: READ, grant: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(exchanged.data).not.toHaveProperty('refresh_token');
    expect(await driveAbout(stack, exchanged.data.access_token as string)).toBe(200);

    // The refresh token is in the table, and neither its owner nor anyone else can read it.
    const row = await serviceClient(stack).from('drive_grants').select('refresh_token, user_id').eq('user_id', ada.id).single();
    expect(row.data?.refresh_token).toMatch(/^1\/\/0g/);
    for (const who of [ada, bob]) {
      const raw = await fetch(`${stack.url}/rest/v1/drive_grants?select=*`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${who.accessToken}` } });
      expect([401, 403]).toContain(raw.status);
      expect(JSON.stringify(await raw.json())).not.toContain(row.data!.refresh_token);
    }
    const anon = await fetch(`${stack.url}/rest/v1/drive_grants?select=*`, { headers: { apikey: stack.anonKey } });
    expect([401, 403]).toContain(anon.status);

    // A fresh access token for Ada; Bob has no grant and cannot use Ada's.
    const refreshed = await call(ada, { action: 'refresh' });
    expect(refreshed.status).toBe(200);
    expect(refreshed.data.access_token).not.toBe(exchanged.data.access_token);
    expect(refreshed.data.grant).toBe(exchanged.data.grant);
    expect(await driveAbout(stack, refreshed.data.access_token as string)).toBe(200);
    expect(await call(bob, { action: 'refresh', grant: exchanged.data.grant })).toEqual({ status: 200, data: { connected: false } });

    // Disconnect: revoked at Google (its access tokens die with it) and forgotten here.
    expect(await call(ada, { action: 'revoke' })).toEqual({ status: 200, data: { revoked: true } });
    expect(await driveAbout(stack, refreshed.data.access_token as string)).toBe(401);
    expect(await call(ada, { action: 'refresh' })).toEqual({ status: 200, data: { connected: false } });
    expect((await serviceClient(stack).from('drive_grants').select('id').eq('user_id', ada.id)).data).toEqual([]);
  });

  it('a second device (a new session of the same person) gets an access token from the stored grant, with no new consent (ADR 0195)', async () => {
    const { stack, bob } = people();
    const cy = await createTestUser(stack, 'cy');
    expect((await call(cy, { action: 'exchange', code: await consentCode(stack, 'alan@example.com'), redirect_uri: REDIRECT })).status).toBe(200);
    // Another browser: a fresh supabase-js client signed in with the same password, no Drive state.
    const device2 = createClient(stack.url, stack.anonKey, clientOptions);
    const signedIn = await device2.auth.signInWithPassword({ email: cy.email, password: cy.password });
    expect(signedIn.error).toBeNull();
    expect(signedIn.data.session!.access_token).not.toBe(cy.accessToken);
    const second = await call({ ...cy, client: device2, accessToken: signedIn.data.session!.access_token }, { action: 'refresh' });
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ scope: READ, grant: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await driveAbout(stack, second.data.access_token as string)).toBe(200);
    // Another person signed in on that device gets nothing of Cy's.
    expect(await call(bob, { action: 'refresh' })).toEqual({ status: 200, data: { connected: false } });
  });

  it('a grant Google no longer honours is forgotten and answered invalid_grant (the app asks for consent again)', async () => {
    const { stack, bob } = people();
    const exchanged = await call(bob, { action: 'exchange', code: await consentCode(stack, 'grace@example.com'), redirect_uri: REDIRECT });
    expect(exchanged.status).toBe(200);
    // Revoked at Google by the person (e.g. from their Google account page).
    const stored = await serviceClient(stack).from('drive_grants').select('refresh_token').eq('user_id', bob.id).single();
    expect((await fetch(`${stack.googleUrl}/revoke`, { method: 'POST', body: new URLSearchParams({ token: stored.data!.refresh_token }) })).status).toBe(200);
    const refused = await call(bob, { action: 'refresh' });
    expect(refused).toMatchObject({ status: 401, data: { error: 'invalid_grant' } });
    expect((await serviceClient(stack).from('drive_grants').select('id').eq('user_id', bob.id)).data).toEqual([]);
  });

  it('refuses bad input, a reused code and an anonymous caller', async () => {
    const { stack, ada } = people();
    expect(await call(ada, { action: 'exchange', code: '' })).toMatchObject({ status: 400, data: { error: 'invalid_request' } });
    expect(await call(ada, { action: 'nothing' })).toMatchObject({ status: 400, data: { error: 'invalid_request' } });
    const code = await consentCode(stack, 'alan@example.com');
    expect((await call(ada, { action: 'exchange', code, redirect_uri: REDIRECT })).status).toBe(200);
    expect(await call(ada, { action: 'exchange', code, redirect_uri: REDIRECT })).toMatchObject({ status: 400, data: { error: 'invalid_grant' } });
    const anon = await fetch(`${stack.url}/functions/v1/drive-token`, { method: 'POST', headers: { apikey: stack.anonKey, authorization: `Bearer ${stack.anonKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ action: 'refresh' }) });
    expect(anon.status).toBe(401);
  });
});
