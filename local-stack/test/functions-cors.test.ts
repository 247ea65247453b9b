// Issue 25 §3 (ADR 0312): every edge function answers only the deployment's app origins
// (CORS_ORIGINS → APP_ORIGINS); a foreign origin gets no CORS grant — on the preflight, on the
// request itself and on the gateway's own answers — the share-link resolver included.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from '../src/config.js';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack.js';
import { createTestUser, type TestUser } from './support/users.js';

jest.setTimeout(180_000);

const FUNCTIONS_DIR = path.join(findRepoRoot(), 'supabase', 'functions');
const FUNCTIONS = readdirSync(FUNCTIONS_DIR).filter((n) => !n.startsWith('_') && statSync(path.join(FUNCTIONS_DIR, n)).isDirectory());
const FOREIGN = 'https://attacker.example';

describe.each(databasesSync())('functions CORS on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  let app: string;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    user = await createTestUser(stack, 'cors');
    app = stack.config.corsOrigins[0];
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('knows every function (the list is read from supabase/functions)', () => {
    expect(FUNCTIONS).toEqual(expect.arrayContaining(['share-resolve', 'whoami', 'trusted-file', 'transfer-accept']));
  });

  const preflight = (name: string, origin: string) =>
    fetch(`${stack.url}/functions/v1/${name}`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, apikey, content-type, x-client-info' },
    });

  const call = (name: string, origin: string) =>
    fetch(`${stack.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { origin, apikey: stack.anonKey, authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: '{}',
    });

  it.each(FUNCTIONS)('%s: the preflight grants the app origin and not a foreign one', async (name) => {
    const ours = await preflight(name, app);
    expect(ours.headers.get('access-control-allow-origin')).toBe(app);
    expect(ours.headers.get('access-control-allow-headers')).toContain('authorization');
    const theirs = await preflight(name, FOREIGN);
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
    expect(theirs.headers.get('access-control-allow-headers')).toBeNull();
  });

  it.each(FUNCTIONS)('%s: the answer itself carries no grant for a foreign origin', async (name) => {
    const ours = await call(name, app);
    await ours.arrayBuffer();
    expect(ours.headers.get('access-control-allow-origin')).toBe(app);
    const theirs = await call(name, FOREIGN);
    await theirs.arrayBuffer();
    expect(theirs.headers.get('access-control-allow-origin')).toBeNull();
    expect(theirs.headers.get('vary')).toMatch(/origin/i);
  });

  it("the gateway's own answers (unknown function, missing JWT) grant only the app origin", async () => {
    const missing = await fetch(`${stack.url}/functions/v1/no-such-function`, { method: 'POST', headers: { origin: FOREIGN, apikey: stack.anonKey } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('access-control-allow-origin')).toBeNull();
    const noJwt = await fetch(`${stack.url}/functions/v1/whoami`, { method: 'POST', headers: { origin: FOREIGN } });
    expect(noJwt.status).toBe(401);
    expect(noJwt.headers.get('access-control-allow-origin')).toBeNull();
    const ours = await fetch(`${stack.url}/functions/v1/whoami`, { method: 'POST', headers: { origin: app } });
    expect(ours.headers.get('access-control-allow-origin')).toBe(app);
  });
});
