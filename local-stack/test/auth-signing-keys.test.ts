// Asymmetric signing keys with a JWKS endpoint (issue 26), as GoTrue with GOTRUE_JWT_KEYS and
// hosted Supabase's new projects: access tokens carry `alg: ES256|RS256` and a `kid`, the public
// keys are published at /auth/v1/.well-known/jwks.json, supabase-js's getClaims verifies with
// them, and the API keys (HS256) and HS256 tokens keep working everywhere. Written from GoTrue's
// documentation (JWT signing keys) and its answers.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { SignJWT, createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { parseSigningKeys } from '../src/auth/signing-keys';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createJwtService, type JwtClaims } from '../src/http/jwt';
import { clientOptions } from './support/users';

const unique = () => `keys-${Math.random().toString(36).slice(2, 10)}@example.com`;

async function signUp(stack: TestStack) {
  const client = createClient(stack.url, stack.anonKey, clientOptions);
  const { data, error } = await client.auth.signUp({ email: unique(), password: 'password123' });
  expect(error).toBeNull();
  return { client, session: data.session! };
}

describe.each(databasesSync())('asymmetric signing keys on %s', (database) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ database });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs sessions ES256 with a kid and publishes the public key (no private part) without an API key', async () => {
    const { session } = await signUp(stack);
    const header = decodeProtectedHeader(session.access_token);
    expect(header).toMatchObject({ alg: 'ES256', typ: 'JWT', kid: expect.any(String) });

    const res = await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    const jwks = (await res.json()) as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', kid: header.kid, use: 'sig', key_ops: ['verify'] });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    // Anyone can verify a session with the published key alone.
    const { payload } = await jwtVerify(session.access_token, createLocalJWKSet(jwks as never), { audience: 'authenticated' });
    expect(payload).toMatchObject({ sub: session.user.id, role: 'authenticated', session_id: expect.any(String) });
  });

  it('getClaims verifies the session locally with the JWKS, without asking /user', async () => {
    const { client, session } = await signUp(stack);
    const seen: string[] = [];
    const counting = createClient(stack.url, stack.anonKey, {
      ...clientOptions,
      global: { fetch: (input: RequestInfo | URL, init?: RequestInit) => (seen.push(String(input)), fetch(input, init)) },
    });
    await counting.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    seen.length = 0;
    const { data, error } = await counting.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.claims).toMatchObject({ sub: session.user.id, email: session.user.email });
    expect(seen.some((u) => u.endsWith('/auth/v1/user'))).toBe(false);
    expect(seen.some((u) => u.endsWith('/auth/v1/.well-known/jwks.json'))).toBe(true);
    await client.auth.signOut();
  });

  it('the database API and Storage accept the ES256 session and the HS256 keys and tokens alike', async () => {
    const { client } = await signUp(stack);
    const rows = await client.from('documents').select('id');
    expect(rows.error).toBeNull();
    expect(rows.data).toEqual([]);
    expect((await client.storage.listBuckets()).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();

    // The same session's claims signed HS256 with the JWT secret (tokens issued before the key).
    const { session } = await signUp(stack);
    const hs256 = await createJwtService(stack.config.jwtSecret).sign(decodeJwt(session.access_token) as JwtClaims, 600);
    expect(decodeProtectedHeader(hs256).alg).toBe('HS256');
    const res = await fetch(`${stack.url}/rest/v1/documents?select=id`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${hs256}` } });
    expect(res.status).toBe(200);
    expect((await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${hs256}` } })).status).toBe(200);
    expect((await createClient(stack.url, stack.serviceRoleKey, clientOptions).auth.admin.listUsers({ page: 1, perPage: 1 })).error).toBeNull();
  });

  it('refuses a token whose kid it does not know, or signed by another key under its kid', async () => {
    const { session } = await signUp(stack);
    const { kid } = decodeProtectedHeader(session.access_token);
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const claims = { sub: session.user.id, role: 'authenticated', aud: 'authenticated', session_id: randomUUID() };
    for (const forgedKid of [kid!, 'unknown-kid']) {
      const forged = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: forgedKid }).setIssuedAt().setExpirationTime('1h').sign(privateKey);
      const res = await fetch(`${stack.url}/rest/v1/documents?select=id`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}` } });
      expect(res.status).toBe(401);
      const user = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${forged}` } });
      expect(user.status).toBe(403);
      expect(await user.json()).toMatchObject({ error_code: 'bad_jwt' });
    }
  });

  it('keeps the generated key owner-only in the data folder across restarts', async () => {
    const before = decodeProtectedHeader((await signUp(stack)).session.access_token).kid;
    const file = path.join(stack.dataDir, 'signing-keys.json');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    stack = await stack.restart();
    expect(decodeProtectedHeader((await signUp(stack)).session.access_token).kid).toBe(before);
  });
});

describe.each(databasesSync())('GOTRUE_JWT_KEYS-style configured keys on %s', (database) => {
  let stack: TestStack;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const rotatedOut = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  const keys = JSON.stringify([
    { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', key_ops: ['sign', 'verify'] },
    { ...rotatedOut.export({ format: 'jwk' }), kid: 'old-key', alg: 'ES256', key_ops: ['verify'] },
  ]);

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { signingKeys: parseSigningKeys(keys, 'GOTRUE_JWT_KEYS') } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('signs RS256 with the key marked for signing; a verify-only key still verifies and is published', async () => {
    const { session, client } = await signUp(stack);
    expect(decodeProtectedHeader(session.access_token)).toMatchObject({ alg: 'RS256', kid });
    const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as { keys: Array<{ kid: string; kty: string }> };
    expect(jwks.keys.map((k) => [k.kid, k.kty])).toEqual([
      [kid, 'RSA'],
      ['old-key', 'EC'],
    ]);
    const old = await new SignJWT({ sub: session.user.id, role: 'authenticated', aud: 'authenticated', session_id: decodeJwt(session.access_token).session_id })
      .setProtectedHeader({ alg: 'ES256', kid: 'old-key' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(rotatedOut);
    const res = await fetch(`${stack.url}/rest/v1/documents?select=id`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${old}` } });
    expect(res.status).not.toBe(401);
    expect((await client.auth.getClaims()).error).toBeNull();
  });

  it('refuses unusable key sets with a clear message', () => {
    expect(() => parseSigningKeys('{"kty":"EC"}', 'GOTRUE_JWT_KEYS')).toThrow('GOTRUE_JWT_KEYS must be a JSON array of JWKs');
    const pub = { ...privateKey.export({ format: 'jwk' }), kid: 'k' } as Record<string, unknown>;
    delete pub.d;
    expect(() => parseSigningKeys(JSON.stringify([pub]), 'GOTRUE_JWT_KEYS')).toThrow('key k has no private part');
    expect(() => parseSigningKeys(JSON.stringify([{ kty: 'OKP', crv: 'Ed25519', kid: 'e', d: 'x', x: 'y' }]), 'GOTRUE_JWT_KEYS')).toThrow(/only EC P-256/);
  });
});
