import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser, type TestUser } from './support/users';
import { PATHOLOGICAL, within } from './support/hostile';

// Issue #10 §1: one anonymous request must not stall the service. Each test failed before.

// Cancelling on PGlite restarts its worker (a fresh PGlite on the same data): seconds on a busy machine.
jest.setTimeout(240_000);

describe.each(databasesSync())('availability on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { statementTimeoutMs: { anon: 1000, authenticated: 2000, service_role: 0 } } });
    await stack.runScript(`create function public.probe_sleep(seconds float8) returns text language sql volatile
      as $$ select pg_sleep(seconds)::text || 'slept' $$;`);
    user = await createTestUser(stack, 'avail');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('ends a pathological anonymous query at the anon statement timeout, and the service keeps answering meanwhile', async () => {
    const order: string[] = [];
    const slow = fetch(`${stack.url}/rest/v1/default_document_categories?select=name&${PATHOLOGICAL}`, { headers: { apikey: stack.anonKey } }).then(async (res) => {
      order.push('pathological');
      return { status: res.status, body: (await res.json()) as { code?: string } };
    });
    await new Promise((r) => setTimeout(r, 200));
    // The HTTP loop is free: a request that needs no database answers while the query runs.
    const root = await fetch(`${stack.url}/`);
    order.push('root');
    expect(root.status).toBe(200);
    const answer = await within(slow, 120_000);
    expect(answer).not.toBe('late');
    const { status, body } = answer as { status: number; body: { code?: string } };
    expect(status).toBeGreaterThanOrEqual(400);
    expect(body.code).toBe('57014');
    expect(order).toEqual(['root', 'pathological']);
    // And a signed-in person is served right after.
    const mine = await within(Promise.resolve(user.client.from('user_document_categories').select('id')), 120_000);
    expect(mine).not.toBe('late');
    expect((mine as { error: unknown }).error).toBeNull();
  });

  it('cancels the statement when the client goes away', async () => {
    const controller = new AbortController();
    const started = fetch(`${stack.url}/rest/v1/rpc/probe_sleep`, {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ seconds: 60 }),
      signal: controller.signal,
    }).catch((e: Error) => e.name);
    await new Promise((r) => setTimeout(r, 500));
    controller.abort();
    expect(await started).toBe('AbortError');
    // service_role has no statement timeout: only the cancellation can end the 60 s sleep.
    const next = await within(
      fetch(`${stack.url}/rest/v1/rpc/probe_sleep`, {
        method: 'POST',
        headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ seconds: 0 }),
      }).then((r) => r.json()),
      120_000,
    );
    expect(next).toBe('slept');
    if (database === 'postgres') {
      const running = await stack.db.admin((q) => q.query(`select 1 from pg_stat_activity where query like '%pg_sleep(seconds)%' and state = 'active' and pid <> pg_backend_pid()`));
      expect(running.rows).toHaveLength(0);
    }
  });

  it('gives an authenticated statement its own (longer) limit', async () => {
    const res = await user.client.rpc('probe_sleep', { seconds: 30 });
    expect(res.error?.code).toBe('57014');
  });

  it('refuses embeds and logic trees nested past the caps with 400, not a 500 or a stall', async () => {
    const deepOr = `${'or('.repeat(2500)}name.eq.x${')'.repeat(2500)}`;
    const or = await fetch(`${stack.url}/rest/v1/default_document_categories?or=(${deepOr})`, { headers: { apikey: stack.anonKey } });
    expect(or.status).toBe(400);
    expect((await or.json()).code).toBe('PGRST100');
    const deepSelect = `${'default_document_categories('.repeat(300)}name${')'.repeat(300)}`;
    const embed = await fetch(`${stack.url}/rest/v1/default_document_categories?select=${deepSelect}`, { headers: { apikey: stack.anonKey } });
    expect(embed.status).toBe(400);
    expect((await embed.json()).code).toBe('PGRST100');
  });
});
