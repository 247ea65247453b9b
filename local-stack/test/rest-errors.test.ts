import { SignJWT } from 'jose';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser, type TestUser } from './support/users';

/**
 * Bad input over raw HTTP (what a broken or hostile client sends, which supabase-js never would):
 * each gets PostgREST's status and `{code, message, details, hint}` body, and the server keeps
 * serving afterwards.
 */
describe.each(databasesSync())('REST bad input on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  let rest: string;

  beforeAll(async () => {
    stack = await startTestStack({ database });
    user = await createTestUser(stack, 'errors');
    rest = `${stack.url}/rest/v1`;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  const anonHeaders = () => ({ apikey: stack.anonKey });
  const userHeaders = () => ({ apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}` });

  async function call(path: string, init: RequestInit = {}) {
    const res = await fetch(`${rest}${path}`, { ...init, headers: { ...anonHeaders(), ...(init.headers as Record<string, string>) } });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  }

  function expectErrorShape(body: unknown) {
    const b = body as Record<string, unknown>;
    expect(Object.keys(b).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof b.code).toBe('string');
    expect(typeof b.message).toBe('string');
    expect(b.details === null || typeof b.details === 'string').toBe(true);
    expect(b.hint === null || typeof b.hint === 'string').toBe(true);
  }

  afterEach(async () => {
    // Whatever the previous request did, the server still answers a normal one.
    const ok = await call('/default_document_categories?select=name&limit=1');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual([{ name: expect.any(String) }]);
  });

  it('answers successful reads with PostgREST headers', async () => {
    const res = await call('/default_document_categories?select=name&order=sort_order&limit=2');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-range')).toBe('0-1/*');
  });

  it.each([
    ['an operator without a value separator', '/default_document_categories?name=eq1'],
    ['an unknown operator', '/default_document_categories?name=equals.Travel'],
    ['an unbalanced logic tree', '/default_document_categories?or=(name.eq.Travel,sort_order.gt.3'],
    ['a logic tree without parentheses', '/default_document_categories?or=name.eq.Travel'],
    ['a bad order direction', '/default_document_categories?order=name.sideways'],
    ['a bad select list', '/default_document_categories?select=name,(('],
    ['a bad is value', '/default_document_categories?name=is.maybe'],
    ['an in list without parentheses', '/default_document_categories?name=in.Travel'],
    ['a non-numeric limit', '/default_document_categories?limit=ten'],
  ])('rejects %s with 400 PGRST100', async (_label, path) => {
    const res = await call(path);
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    expect(res.body.code).toBe('PGRST100');
  });

  it('answers an unknown table with 404 PGRST205', async () => {
    const res = await call('/no_such_table');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 'PGRST205', message: "Could not find the table 'public.no_such_table' in the schema cache", details: null, hint: null });
  });

  it('answers unknown columns with 400 (select, filter and order: 42703; payload: PGRST204)', async () => {
    for (const path of ['/default_document_categories?select=nope', '/default_document_categories?nope=eq.1', '/default_document_categories?order=nope']) {
      const res = await call(path);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: '42703', message: 'column default_document_categories.nope does not exist' });
    }
    const insert = await call('/user_document_categories', {
      method: 'POST',
      headers: { ...userHeaders(), 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: user.id, name: 'X', colour: 'red' }),
    });
    expect(insert.status).toBe(400);
    expect(insert.body).toEqual({ code: 'PGRST204', message: "Could not find the 'colour' column of 'user_document_categories' in the schema cache", details: null, hint: null });
  });

  it('answers an oversized body with 413 in the error shape', async () => {
    const big = JSON.stringify({ user_id: user.id, name: 'x'.repeat(stack.config.maxJsonBodyBytes + 10) });
    const res = await call('/user_document_categories', { method: 'POST', headers: { ...userHeaders(), 'Content-Type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expectErrorShape(res.body);
  });

  it('answers a wrong content type with 415 and malformed JSON with 400 PGRST102', async () => {
    const wrong = await call('/user_document_categories', { method: 'POST', headers: { ...userHeaders(), 'Content-Type': 'text/plain' }, body: 'name=x' });
    expect(wrong.status).toBe(415);
    expect(wrong.body).toMatchObject({ code: 'PGRST107' });
    const broken = await call('/user_document_categories', { method: 'POST', headers: { ...userHeaders(), 'Content-Type': 'application/json' }, body: '{"name": ' });
    expect(broken.status).toBe(400);
    expect(broken.body).toMatchObject({ code: 'PGRST102' });
  });

  it('answers an unacceptable Accept with 406 and an unexposed schema with 406 PGRST106', async () => {
    const accept = await call('/default_document_categories', { headers: { Accept: 'application/xml' } });
    expect(accept.status).toBe(406);
    expectErrorShape(accept.body);
    const schema = await call('/users', { headers: { 'Accept-Profile': 'auth' } });
    expect(schema.status).toBe(406);
    expect(schema.body).toMatchObject({ code: 'PGRST106' });
  });

  it("maps PostgreSQL's own errors: invalid input 22P02 and not-null 23502 to 400, foreign key 23503 to 409", async () => {
    const badUuid = await call('/user_document_categories?id=eq.not-a-uuid', { headers: userHeaders() });
    expect(badUuid.status).toBe(400);
    expect(badUuid.body).toMatchObject({ code: '22P02' });
    const post = (body: unknown) =>
      call('/user_document_categories', { method: 'POST', headers: { ...userHeaders(), 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const noName = await post({ user_id: user.id });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ code: '23502' });
    const ghost = await call('/user_document_categories', {
      method: 'POST',
      headers: { apikey: stack.serviceRoleKey, Authorization: `Bearer ${stack.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ user_id: '00000000-0000-4000-8000-000000000000', name: 'Orphan' }),
    });
    expect(ghost.status).toBe(409);
    expect(ghost.body).toMatchObject({ code: '23503' });
  });

  it('refuses UPDATE and DELETE without a filter, as Supabase does', async () => {
    const res = await call('/user_document_categories', { method: 'DELETE', headers: userHeaders() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
  });

  describe('JWTs and keys', () => {
    const secret = () => new TextEncoder().encode(stack.config.jwtSecret);
    const claims = () => ({ sub: user.id, role: 'authenticated', aud: 'authenticated', email: user.email });

    async function withBearer(token: string) {
      return call('/user_document_categories?select=id', { headers: { Authorization: `Bearer ${token}` } });
    }

    it('rejects a tampered token with 401 PGRST301', async () => {
      const [h, p, s] = user.accessToken.split('.');
      const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), role: 'service_role' })).toString('base64url');
      const res = await withBearer(`${h}.${forged}.${s}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'PGRST301' });
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/);
    });

    it('rejects an expired token with 401 "JWT expired"', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now - 7200).setExpirationTime(now - 3600).sign(secret());
      const res = await withBearer(expired);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ code: 'PGRST301', message: 'JWT expired', details: null, hint: null });
    });

    it('rejects an alg:none token with 401', async () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const payload = Buffer.from(JSON.stringify({ ...claims(), exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
      const res = await withBearer(`${header}.${payload}.`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'PGRST301' });
    });

    it('rejects a token signed with another secret, and garbage', async () => {
      const other = await new SignJWT(claims()).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40)));
      expect((await withBearer(other)).status).toBe(401);
      expect((await withBearer('not-a-jwt')).status).toBe(401);
    });

    it('rejects a missing or invalid apikey with 401', async () => {
      const missing = await fetch(`${rest}/default_document_categories`);
      expect(missing.status).toBe(401);
      expect(await missing.json()).toMatchObject({ code: 'PGRST302', message: 'No API key found in request' });
      const invalid = await fetch(`${rest}/default_document_categories`, { headers: { apikey: 'invalid' } });
      expect(invalid.status).toBe(401);
      expect(await invalid.json()).toMatchObject({ message: 'Invalid API key' });
    });
  });
});
