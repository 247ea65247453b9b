import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser } from './support/users';
import { createClient } from '@supabase/supabase-js';
import { clientOptions } from './support/users';

describe.each(databasesSync())('restarting the stack on %s', (database) => {
  let stack: TestStack;
  afterAll(async () => {
    await stack?.stop();
  });

  it('keeps users, rows and files', async () => {
    stack = await startTestStack({ database });
    const user = await createTestUser(stack, 'restart');
    expect((await user.client.rpc('create_default_categories')).error).toBeNull();
    const inserted = await user.client.from('user_document_categories').insert({ user_id: user.id, name: 'Before restart' }).select('id').single();
    expect(inserted.error).toBeNull();
    const file = new TextEncoder().encode('kept across restarts');
    const upload = await user.client.storage.from('documents').upload(`${user.id}/doc-1/note.txt`, file, { contentType: 'text/plain' });
    expect(upload.error).toBeNull();

    stack = await stack.restart();

    // The same user signs in again with their password: the account survived.
    const client = createClient(stack.url, stack.anonKey, clientOptions);
    const signIn = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user!.id).toBe(user.id);
    const rows = await client.from('user_document_categories').select('name');
    expect(rows.data).toHaveLength(21);
    expect(rows.data!.map((r) => r.name)).toContain('Before restart');
    const download = await client.storage.from('documents').download(`${user.id}/doc-1/note.txt`);
    expect(download.error).toBeNull();
    expect(await download.data!.text()).toBe('kept across restarts');
    // Migrations are not applied twice.
    const versions = await stack.db.admin((q) => q.query<{ n: number }>('select count(*)::int as n from supabase_migrations.schema_migrations'));
    const distinct = await stack.db.admin((q) => q.query<{ n: number }>('select count(distinct version)::int as n from supabase_migrations.schema_migrations'));
    expect(versions.rows[0].n).toBe(distinct.rows[0].n);
  });
});
