// Plan limits are Postgres's job (issue 14 §1): two real users through supabase-js and raw HTTP, on
// PGlite and PostgreSQL. Over the Free plan's documents or storage, a new document row and a new
// file are refused with a message naming the limit; what is already stored stays; the other user is
// not affected; a Plus subscription (which only the service role may write) raises the limits.
import { randomUUID } from 'node:crypto';
import { databasesSync, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { createTestUser, serviceClient, type TestUser, withPeople } from '../../local-stack/test/support/users.js';

const GB = 1073741824;

function documentRow(userId: string, id = randomUUID(), name = 'note.txt') {
  return { id, name, storage_path: `${userId}/${id}/${name}`, mime_type: 'text/plain', size: 5 };
}

/** Fills a person's library to `count` documents (fixture rows, written as the database owner). */
async function fillDocuments(stack: TestStack, userId: string, count: number): Promise<void> {
  await stack.runScript(
    `insert into public.documents (id, user_id, name, storage_path, mime_type, size)
     select g.id, '${userId}', 'doc.txt', '${userId}/' || g.id || '/doc.txt', 'text/plain', 5
       from (select gen_random_uuid() as id from generate_series(1, ${count})) g;`,
  );
}

async function upload(user: TestUser, bytes: string) {
  const id = randomUUID();
  return user.client.storage.from('documents').upload(`${user.id}/${id}/file.txt`, new Blob([bytes], { type: 'text/plain' }), { contentType: 'text/plain' });
}

async function subscribe(stack: TestStack, userId: string, planId: string, status = 'active') {
  const { error } = await serviceClient(stack)
    .from('subscriptions')
    .upsert({ user_id: userId, plan_id: planId, stripe_subscription_id: `sub_${randomUUID().slice(0, 8)}`, stripe_customer_id: 'cus_test', status });
  if (error) throw error;
}

describe.each(databasesSync())('plan limits on %s', (database) => {
  const people = withPeople(database);

  test('the plans table is public and holds Free with 100 documents and 1 GB', async () => {
    const { stack } = people();
    const res = await fetch(`${stack.url}/rest/v1/plans?select=id,max_documents,max_storage_bytes&order=sort_order`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(200);
    const plans = (await res.json()) as Array<{ id: string; max_documents: number; max_storage_bytes: number }>;
    expect(plans.map((p) => p.id)).toEqual(['free', 'plus', 'family']);
    expect(plans[0]).toMatchObject({ max_documents: 100, max_storage_bytes: GB });
  });

  test('the 101st document of a Free person is refused with the limit and how to raise it; Bob is not affected', async () => {
    const { stack, alice, bob } = people();
    await fillDocuments(stack, alice.id, 100);
    const refused = await alice.client.from('documents').insert(documentRow(alice.id));
    expect(refused.error).not.toBeNull();
    expect(refused.status).toBe(400);
    expect(refused.error!.message).toBe('Plan limit reached: the Free plan holds up to 100 documents.');
    expect(refused.error!.hint).toMatch(/Upgrade your plan in Settings/);
    expect(refused.error!.details).toBe('plan_limit:documents:free:100');
    // A file for a document that cannot exist is refused too, before its bytes are kept.
    const file = await upload(alice, 'hello');
    expect(file.error).not.toBeNull();
    expect(file.error!.message).toMatch(/Plan limit reached: the Free plan holds up to 100 documents/);

    const count = await alice.client.from('documents').select('id', { count: 'exact', head: true });
    expect(count.count).toBe(100);
    const usage = await alice.client.rpc('my_plan_usage');
    expect(usage.error).toBeNull();
    expect(usage.data).toMatchObject({ plan_id: 'free', documents_used: 100, documents_limit: 100, storage_limit_bytes: GB });

    const bobs = await bob.client.from('documents').insert(documentRow(bob.id));
    expect(bobs.error).toBeNull();
  });

  test('raw HTTP: the same refusal in PostgREST shape', async () => {
    const { stack, alice } = people();
    const res = await fetch(`${stack.url}/rest/v1/documents`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${alice.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(documentRow(alice.id)),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'P0001', details: 'plan_limit:documents:free:100' });
  });

  test('Plus (written by the service role) raises the limit; nothing stored was touched', async () => {
    const { stack, alice } = people();
    await subscribe(stack, alice.id, 'plus');
    const ok = await alice.client.from('documents').insert(documentRow(alice.id));
    expect(ok.error).toBeNull();
    const usage = await alice.client.rpc('my_plan_usage');
    expect(usage.data).toMatchObject({ plan_id: 'plus', documents_used: 101, documents_limit: 5000 });
    // A canceled subscription is Free again: new documents are refused, the 101 stay.
    await subscribe(stack, alice.id, 'plus', 'canceled');
    const refused = await alice.client.from('documents').insert(documentRow(alice.id));
    expect(refused.error?.details).toBe('plan_limit:documents:free:100');
    const count = await alice.client.from('documents').select('id', { count: 'exact', head: true });
    expect(count.count).toBe(101);
  });

  test('storage: a file that would go over 1 GB is refused; the other user still uploads', async () => {
    const { stack, bob } = people();
    // Bob holds 1 GB minus 3 bytes (a fixture object row).
    await stack.runScript(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       values ('documents', '${bob.id}/${randomUUID()}/big.bin', '${bob.id}', '${bob.id}', '{"size": ${GB - 3}}');`,
    );
    const small = await upload(bob, 'abc');
    expect(small.error).toBeNull();
    const over = await upload(bob, 'x');
    expect(over.error).not.toBeNull();
    expect(over.error!.message).toMatch(/Plan limit reached: the Free plan stores up to 1 GB of files/);
    const charlie = await createTestUser(stack, 'charlie');
    expect((await upload(charlie, 'fine')).error).toBeNull();
  });

  test('storage: only objects under the person’s own folder count (ADR 0255); a replaced file counts its new size', async () => {
    const { stack } = people();
    const dana = await createTestUser(stack, 'dana');
    const folder = `${dana.id}/${randomUUID()}`;
    // Names that start like Dana's folder but are not in it, and her folder in another bucket: none
    // is hers in the documents bucket, so none may count (each alone is over the Free plan's 1 GB).
    await stack.runScript(
      `insert into storage.buckets (id, name, public) values ('elsewhere', 'elsewhere', false) on conflict do nothing;
       insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values
         ('documents', '${dana.id}', null, null, '{"size": ${GB}}'),
         ('documents', '${dana.id}.old/x/big.bin', null, null, '{"size": ${GB}}'),
         ('documents', '${dana.id}0/x/big.bin', null, null, '{"size": ${GB}}'),
         ('elsewhere', '${dana.id}/x/big.bin', null, null, '{"size": ${GB}}'),
         ('documents', '${folder}/held.bin', '${dana.id}', '${dana.id}', '{"size": ${GB - 10}}');`,
    );
    const usage = await dana.client.rpc('my_plan_usage');
    expect(usage.error).toBeNull();
    expect((usage.data as { storage_used_bytes: number }).storage_used_bytes).toBe(GB - 10);
    expect((await upload(dana, '12345')).error).toBeNull();
    expect((await upload(dana, '123456')).error?.message).toMatch(/Plan limit reached: the Free plan stores up to 1 GB of files/);
    // Replacing the held file by a smaller one frees room: the old size no longer counts.
    const replaced = await dana.client.storage.from('documents').upload(`${folder}/held.bin`, new Blob(['small']), { contentType: 'application/octet-stream', upsert: true });
    expect(replaced.error).toBeNull();
    expect((await upload(dana, '123456')).error).toBeNull();
  });

  test('a person cannot write their own plan, subscription, invoices or events (supabase-js and raw HTTP)', async () => {
    const { stack, alice, bob } = people();
    const sub = await bob.client.from('subscriptions').insert({ user_id: bob.id, plan_id: 'plus', stripe_subscription_id: 'sub_fake', stripe_customer_id: 'cus_fake', status: 'active' });
    expect(sub.error).not.toBeNull();
    const plan = await bob.client.from('plans').update({ max_documents: 1_000_000 }).eq('id', 'free').select();
    expect(plan.error ?? (plan.data?.length === 0 ? null : 'updated')).not.toBe('updated');
    const rows: Record<string, object> = {
      subscriptions: { user_id: bob.id, plan_id: 'plus', stripe_subscription_id: 'sub_x', stripe_customer_id: 'cus_x', status: 'active' },
      invoices: { stripe_invoice_id: 'in_x', user_id: bob.id, status: 'paid', currency: 'eur', created_at: new Date().toISOString() },
      billing_customers: { user_id: bob.id, stripe_customer_id: 'cus_x' },
      stripe_events: { id: 'evt_x', type: 'checkout.session.completed' },
    };
    for (const [table, row] of Object.entries(rows)) {
      const res = await fetch(`${stack.url}/rest/v1/${table}`, {
        method: 'POST',
        headers: { apikey: stack.anonKey, authorization: `Bearer ${bob.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(row),
      });
      expect([401, 403]).toContain(res.status);
    }
    const anon = await fetch(`${stack.url}/rest/v1/rpc/my_plan_usage`, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: '{}' });
    expect([401, 403]).toContain(anon.status);
    const theirs = await alice.client.from('subscriptions').select('user_id');
    expect(theirs.data).toEqual([{ user_id: alice.id }]);
    const free = await stack.db.admin((q) => q.query<{ max_documents: number }>(`select max_documents from public.plans where id = 'free'`));
    expect(free.rows[0].max_documents).toBe(100);
  });
});
