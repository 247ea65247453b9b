// The admin user API as GoTrue answers it (issue 26, measured with supabase-js's auth-js suite):
// createUser stores user_metadata exactly as given, updateUserById then merges into it; an e-mail
// GoTrue's syntax refuses is refused with its message; paging parameters that are not unsigned
// integers are a 400 with GoTrue's error body. Written from GoTrue's documentation and answers.
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
});
