// Issue 25 §4 (ADR 0314): one slow anonymous query cannot take the platform down. During and after
// a burst of slow anonymous regex queries (catastrophic backtracking), the stack's health probes
// answer and a signed-in person is served, on PGlite and PostgreSQL; on PostgreSQL the anonymous
// time limit (3 s) counts the wait for a connection too, so it holds for every one of many at once.
import { Slots } from '../src/db/postgres';
import { HOLD_CONNECTION_SQL, holdConnection, pathological, waitForBusyConnections, within } from './support/hostile';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser, type TestUser } from './support/users';

jest.setTimeout(300_000);


describe('Slots with a bounded wait', () => {
  it('refuses a caller still waiting when its wait is spent, and gives the slot to the next one', async () => {
    const slots = new Slots(1);
    let release!: () => void;
    const first = slots.run(() => new Promise<void>((r) => (release = r)));
    const spent = slots.run(async () => 'ran', 10, () => new Error('budget spent'));
    await expect(spent).rejects.toThrow('budget spent');
    const next = slots.run(async () => 'next');
    release();
    await first;
    await expect(next).resolves.toBe('next');
    // The refused caller left no trace: one slot, free again.
    await expect(slots.run(async () => 'again', 10, () => new Error('not free'))).resolves.toBe('again');
  });
});

/** What the statement limit of an anonymous request is when its transaction starts (ms). */
const PROBE_BUDGET = `create function public.probe_anon_budget() returns int language sql stable set search_path = ''
  as $$ select (extract(epoch from current_setting('statement_timeout')::interval) * 1000)::int $$;
  grant execute on function public.probe_anon_budget() to anon;`;

describe.each(databasesSync())('a burst of slow anonymous queries on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    user = await createTestUser(stack, 'burst');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const health = async () => {
    const auth = await fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.anonKey } });
    const rest = await fetch(`${stack.url}/rest/v1/`, { headers: { apikey: stack.anonKey } });
    await Promise.all([auth.arrayBuffer(), rest.arrayBuffer()]);
    return [auth.status, rest.status];
  };

  const signedInRead = async () => {
    const r = await user.client.from('user_document_categories').select('id');
    return r.error ? `error ${r.error.code}` : 'ok';
  };

  it('keeps the health probes and signed-in reads answering during and after the burst', async () => {
    const burst = Promise.all(Array.from({ length: 21 }, () => pathological(stack)));
    await new Promise((r) => setTimeout(r, 300));
    expect(await within(health(), 120_000)).toEqual([200, 200]);
    expect(await within(signedInRead(), 120_000)).toBe('ok');
    const statuses = await within(burst, 240_000);
    expect(statuses).not.toBe('late');
    // Every slow query was cut off (57014, or refused while anonymous work is paused): none ran on.
    expect((statuses as number[]).filter((s) => s === 200)).toEqual([]);
    expect(await within(health(), 120_000)).toEqual([200, 200]);
    expect(await within(signedInRead(), 120_000)).toBe('ok');
  });

  if (database === 'postgres') {
    it('counts the wait for a connection in the anonymous time limit', async () => {
      // A stack whose anonymous limit (20 s) is far longer than a loaded machine's HTTP latency, so
      // that the probe surely arrives while every anonymous connection is busy.
      const limit = 20_000;
      const own = await startTestStack({ database, overrides: { statementTimeoutMs: { anon: limit, authenticated: 8000, service_role: 0 } } });
      try {
        await own.runScript(PROBE_BUDGET + HOLD_CONNECTION_SQL);
        // Sixteen requests that hold their connections asleep (not burning CPU: this measures the
        // wait for a connection, not how two cores share out 15 busy backends, ADR 0494).
        const burst = Promise.all(Array.from({ length: 16 }, () => holdConnection(own)));
        // Wait until every anonymous connection (15 of the pool's 20) is busy with one of them.
        await waitForBusyConnections(own, 15);
        // The probe either gets what is left of its budget (it waited) or is refused once it is spent.
        const res = await fetch(`${own.url}/rest/v1/rpc/probe_anon_budget`, { method: 'POST', headers: { apikey: own.anonKey, 'content-type': 'application/json' }, body: '{}' });
        const body = (await res.json()) as number | { code?: string };
        if (res.ok) expect(body).toBeLessThan(limit);
        // The whole answer in the message if it is another refusal: its status, code and hint.
        else expect({ status: res.status, body }).toEqual({ status: res.status, body: expect.objectContaining({ code: '57014' }) });
        expect((await burst).filter((a) => a.status === 200)).toEqual([]);
      } finally {
        await own.stop();
      }
    });
  }
});
