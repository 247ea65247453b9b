import { AnonPause } from '../src/db/pglite';
import { pathological } from './support/hostile';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser, type TestUser } from './support/users';

// Issue #10 §1 / acceptance soak on PGlite (ADR 0151): every anonymous statement cut off costs
// everybody a worker restart, so hostile anonymous queries must not be able to queue up restarts.

jest.setTimeout(240_000);

describe('AnonPause', () => {
  it('pauses 10 s after the first cut-off, doubling with each further one up to 5 minutes', () => {
    const pause = new AnonPause();
    let now = 1_000_000;
    const steps: number[] = [];
    for (let i = 0; i < 7; i++) {
      steps.push(pause.strike(now));
      expect(pause.paused(now)).toBe(true);
      now += steps[i]; // the next cut-off can only come once the pause is over
      expect(pause.paused(now)).toBe(false);
    }
    expect(steps).toEqual([10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000]);
  });

  it('starts again at 10 s after five quiet minutes', () => {
    const pause = new AnonPause();
    expect(pause.strike(0)).toBe(10_000);
    expect(pause.strike(20_000)).toBe(20_000);
    expect(pause.strike(20_000 + 300_001)).toBe(10_000);
  });
});

const pglite = databasesSync().filter((d) => d === 'pglite');

describe.each(pglite)('hostile anonymous queries queued together on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { statementTimeoutMs: { anon: 1000, authenticated: 8000, service_role: 0 } } });
    user = await createTestUser(stack, 'fair');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('cost one worker restart, not one each: the queued ones are refused when they reach the head of the queue', async () => {
    const db = stack.db as unknown as { restarts(): number };
    const before = db.restarts();
    const statuses = await Promise.all([pathological(stack), pathological(stack), pathological(stack), pathological(stack)]);
    expect(statuses.every((s) => s >= 400 && s < 500)).toBe(true);
    expect(db.restarts() - before).toBe(1);
    // And a signed-in person is served right after, by the restarted worker.
    const mine = await user.client.from('user_document_categories').select('id');
    expect(mine.error).toBeNull();
  });
});
