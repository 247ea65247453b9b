// The admin user API as GoTrue answers it (issue 26, measured with supabase-js's auth-js suite):
// createUser stores user_metadata exactly as given, updateUserById then merges into it; an e-mail
// GoTrue's syntax refuses is refused with its message; paging parameters that are not unsigned
// integers are a 400 with GoTrue's error body; generateLink hands over the link an e-mail would
// carry (signup, e-mail change), which then works. Written from GoTrue's documentation and answers.
import { createClient } from '@supabase/supabase-js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';

describe.each(databasesSync())('the auth admin API on %s', (database) => {
  let stack: TestStack;
  const admin = () => createClient(stack.url, stack.serviceRoleKey, clientOptions).auth.admin;
  const unique = () => `admin-${Math.random().toString(36).slice(2, 10)}@example.com`;

  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('createUser keeps user_metadata as given; updateUserById merges into it', async () => {
    const user_metadata = { profile_image: 'https://avatars.example.com/1.png', locale: 'de' };
    const created = await admin().createUser({ email: unique(), password: 'password123', user_metadata });
    expect(created.error).toBeNull();
    expect(created.data.user?.user_metadata).toEqual(user_metadata);
    // The e-mail identity still carries its facts.
    expect(created.data.user?.identities?.[0]?.identity_data).toMatchObject({ email: created.data.user?.email, sub: created.data.user?.id });

    const updated = await admin().updateUserById(created.data.user!.id, { user_metadata: { favorite_color: 'yellow', locale: null } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toEqual({ profile_image: 'https://avatars.example.com/1.png', favorite_color: 'yellow' });
  });

  it('refuses an e-mail outside GoTrue syntax with its message, and creates no one', async () => {
    for (const email of ['xx:;x@x.x', 'two words@example.com', 'no-domain@', 'a@b']) {
      const { data, error } = await admin().createUser({ email, password: 'password123' });
      expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
      expect(data.user).toBeNull();
    }
    expect((await admin().createUser({ email: `o'neil.${unique()}`, password: 'password123' })).error).toBeNull();
  });

  it('refuses paging parameters that are not unsigned integers with a 400 and GoTrue error body', async () => {
    const { data, error } = await admin().listUsers({ page: -1, perPage: 10 });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(data.users).toEqual([]);
    const raw = await fetch(`${stack.url}/auth/v1/admin/users?page=1&per_page=abc`, {
      headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` },
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toMatchObject({ code: 400, error_code: 'validation_failed', msg: expect.stringMatching(/^Bad Pagination Parameters/) });
    expect((await admin().listUsers({ page: 1, perPage: 5 })).error).toBeNull();
  });

  it('generateLink signup: an unconfirmed user with its data, a verify link and code that confirm it; no mail sent', async () => {
    const email = unique();
    const { data, error } = await admin().generateLink({ type: 'signup', email, password: 'password123', options: { data: { status: 'alpha' }, redirectTo: 'http://127.0.0.1:4200/welcome' } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { status: 'alpha' } });
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    expect(data.properties).toMatchObject({ verification_type: 'signup', redirect_to: 'http://127.0.0.1:4200/welcome', email_otp: expect.stringMatching(/^\d{6}$/) });
    const link = new URL(data.properties!.action_link);
    expect(link.pathname).toBe('/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('token')).toBe(data.properties!.hashed_token);
    const outbox = await (await fetch(`${stack.url}/auth/v1/outbox?to=${encodeURIComponent(email)}`, { headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` } })).json();
    expect(outbox.messages).toEqual([]);
    // The hashed token confirms the address and signs in, as the e-mail's link would.
    const anon = createClient(stack.url, stack.anonKey, clientOptions);
    const verified = await anon.auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'signup' });
    expect(verified.error).toBeNull();
    expect(verified.data.user?.email_confirmed_at).toBeTruthy();
    // Signed up and confirmed: a second signup link for the address is refused.
    const again = await admin().generateLink({ type: 'signup', email, password: 'password123' });
    expect(again.error).toMatchObject({ status: 422, code: 'email_exists' });
    expect(again.data.properties).toBeNull();
  });

  it('generateLink email_change_current: the pending address on the user, a link of type email_change; bad input refused', async () => {
    const email = unique();
    expect((await admin().createUser({ email, password: 'password123', email_confirm: true })).error).toBeNull();
    const newEmail = unique();
    const { data, error } = await admin().generateLink({ type: 'email_change_current', email, newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });
    expect(new URL(data.properties!.action_link).searchParams.get('type')).toBe('email_change');

    const invalid = await admin().generateLink({ type: 'signup', email: 'xx:;x@x.x', password: 'password123' });
    expect(invalid.error).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
    expect(invalid.data).toEqual({ properties: null, user: null });
    const nobody = await admin().generateLink({ type: 'magiclink', email: unique() });
    expect(nobody.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const anonCaller = await createClient(stack.url, stack.anonKey, clientOptions).auth.admin.generateLink({ type: 'magiclink', email });
    expect(anonCaller.error?.status).toBe(403);
  });

  it('inviteUserByEmail: a new user with invited_at and the invite e-mail, whose link confirms and signs in; bad or taken addresses refused', async () => {
    const email = unique();
    const { data, error } = await admin().inviteUserByEmail(email, { data: { status: 'alpha' } });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, user_metadata: { status: 'alpha' } });
    expect(Date.parse(data.user!.invited_at!)).not.toBeNaN();
    expect(data.user?.email_confirmed_at ?? null).toBeNull();
    const outbox = await (await fetch(`${stack.url}/auth/v1/outbox?to=${encodeURIComponent(email)}`, { headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` } })).json();
    expect(outbox.messages).toHaveLength(1);
    const link = new URL(outbox.messages[0].link);
    expect(link.searchParams.get('type')).toBe('invite');
    const anon = createClient(stack.url, stack.anonKey, clientOptions);
    const accepted = await anon.auth.verifyOtp({ token_hash: link.searchParams.get('token')!, type: 'invite' });
    expect(accepted.error).toBeNull();
    expect(accepted.data.session?.user.email).toBe(email);

    const invalid = await admin().inviteUserByEmail('xx:;x@x.x');
    expect(invalid.error).toMatchObject({ status: 400, message: 'Unable to validate email address: invalid format' });
    expect(invalid.data.user).toBeNull();
    expect((await admin().inviteUserByEmail(email)).error).toMatchObject({ status: 422, code: 'email_exists' });
  });

  it('anonymous sign-in, off in this configuration, is refused with GoTrue answer, and no user is made', async () => {
    const before = (await admin().listUsers({ page: 1, perPage: 1000 })).data.users.length;
    const anon = createClient(stack.url, stack.anonKey, clientOptions);
    const { data, error } = await anon.auth.signInAnonymously({ options: { data: { name: 'x' } } });
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expect(data.session).toBeNull();
    expect((await admin().listUsers({ page: 1, perPage: 1000 })).data.users).toHaveLength(before);
    // A sign-up that forgot its e-mail is still told so.
    const noEmail = await fetch(`${stack.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ password: 'password123' }) });
    expect(noEmail.status).toBe(400);
    expect(await noEmail.json()).toMatchObject({ error_code: 'validation_failed', msg: 'To signup, please provide your email' });
  });
});
