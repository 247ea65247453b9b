import { createClient, FunctionRegion, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { clientOptions } from './support/users';
import { findRepoRoot } from '../src/config';
import type { StackContext } from '../src/context';
import { functionsConfigDir, verifyJwtSetting } from '../src/functions/index';

// A functions folder given by configuration (SUPABASE_FUNCTIONS_DIR / functionsDir), served like
// `supabase functions serve`: the request reaches the function exactly as the client sent it, and
// a function written for Deno's standard library server (std/http's `serve`) runs unchanged.

/** Echoes what it received; it reads the body the way the `reply-as` header asks. */
const ECHO = `
import { serve } from 'https://deno.land/std@0.177.0/http/server.ts';
serve(async (req: Request) => {
  let body: unknown;
  switch (req.headers.get('reply-as')) {
    case 'json': body = await req.json(); break;
    case 'form': body = [...(await req.formData()).entries()].map(([k, v]) => [k, String(v)]); break;
    case 'bytes': body = Array.from(new Uint8Array(await req.arrayBuffer())); break;
    default: body = await req.text();
  }
  return new Response(JSON.stringify({ url: req.url, method: req.method, headers: [...req.headers.entries()], body }), {
    headers: { 'content-type': 'application/json' },
  });
});
`;

function functionsFolder(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-functions-'));
  // 'calendar-feed' shares its name with one of the repository's functions that turns the JWT check off.
  for (const name of ['echo', 'calendar-feed']) {
    mkdirSync(path.join(dir, name));
    writeFileSync(path.join(dir, name, 'index.ts'), ECHO);
  }
  return dir;
}

interface Echo {
  url: string;
  method: string;
  headers: [string, string][];
  body: unknown;
}

const header = (e: Echo, name: string) => e.headers.find(([k]) => k === name)?.[1];

describe.each(databasesSync())('a configured functions folder on %s', (database) => {
  let stack: TestStack;
  const client = () => createClient(stack.url, stack.anonKey, clientOptions);

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { functionsDir: functionsFolder() } });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('runs a function from that folder, and the repository’s own functions are not served from it', async () => {
    const { data, error } = await client().functions.invoke<Echo>('echo', { body: 'plain words' });
    expect(error).toBeNull();
    expect(data!.method).toBe('POST');
    expect(data!.body).toBe('plain words');
    expect(header(data!, 'content-type')).toBe('text/plain');
    const { error: missing } = await client().functions.invoke('whoami');
    expect((missing as FunctionsHttpError).context.status).toBe(404);
  });

  it('passes JSON, form data, ArrayBuffer and Blob bodies through as sent', async () => {
    const json = await client().functions.invoke<Echo>('echo', { body: { a: 1, nested: { b: [true, null] } }, headers: { 'reply-as': 'json' } });
    expect(json.data!.body).toEqual({ a: 1, nested: { b: [true, null] } });
    expect(header(json.data!, 'content-type')).toBe('application/json');

    const form = new FormData();
    form.append('name', 'passport.pdf');
    form.append('kind', 'identity');
    const formed = await client().functions.invoke<Echo>('echo', { body: form, headers: { 'reply-as': 'form' } });
    expect(formed.data!.body).toEqual([['name', 'passport.pdf'], ['kind', 'identity']]);
    expect(header(formed.data!, 'content-type')).toMatch(/^multipart\/form-data; boundary=/);

    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const buffer = await client().functions.invoke<Echo>('echo', { body: bytes.buffer, headers: { 'reply-as': 'bytes' } });
    expect(buffer.data!.body).toEqual([0, 1, 2, 250, 255]);
    expect(header(buffer.data!, 'content-type')).toBe('application/octet-stream');

    const blob = await client().functions.invoke<Echo>('echo', { body: new Blob([bytes], { type: 'image/png' }), headers: { 'reply-as': 'bytes' } });
    expect(blob.data!.body).toEqual([0, 1, 2, 250, 255]);
  });

  it('keeps custom headers, the query string and the region (x-region header, forceFunctionRegion query)', async () => {
    const { data } = await client().functions.invoke<Echo>('echo/sub/path?q=a%20b&n=2', {
      headers: { 'x-custom': 'kept as is' },
      region: FunctionRegion.EuWest1,
      method: 'PUT',
      body: 'x',
    });
    expect(data!.method).toBe('PUT');
    const url = new URL(data!.url);
    expect(url.pathname).toBe('/echo/sub/path');
    expect(url.searchParams.get('q')).toBe('a b');
    expect(url.searchParams.get('n')).toBe('2');
    expect(url.searchParams.get('forceFunctionRegion')).toBe('eu-west-1');
    expect(header(data!, 'x-region')).toBe('eu-west-1');
    expect(header(data!, 'x-custom')).toBe('kept as is');
  });

  it("checks the JWT of a function the folder's project did not exempt, whatever the repository's config.toml says of its namesake", async () => {
    const res = await fetch(`${stack.url}/functions/v1/calendar-feed`, { headers: { apikey: stack.anonKey } });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-relay-error')).toBe('true');
    expect(await res.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    // The repository's own calendar-feed, by contrast, is exempt (supabase/config.toml).
    expect(verifyJwtSetting(functionsConfigDir(contextFor(path.join(findRepoRoot(), 'supabase'), undefined)), 'calendar-feed')).toBe(false);
  });

  it('refuses a key signed with another secret as the relay does: 401 Invalid JWT, marked x-relay-error', async () => {
    const forged = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-stack-secret-but-long-enough-to-sign'));
    const fns = client().functions;
    fns.setAuth(forged);
    const { data, error } = await fns.invoke('echo', { body: 'x' });
    expect(data).toBeNull();
    expect(error).toBeInstanceOf(FunctionsRelayError);
    const res = (error as FunctionsRelayError).context as Response;
    expect(res.status).toBe(401);
    expect(res.headers.get('x-relay-error')).toBe('true');
    expect(await res.json()).toEqual({ code: 401, message: 'Invalid JWT' });
  });
});

/** Only what functionsConfigDir reads of the stack's context. */
const contextFor = (supabaseDir: string, functionsDir: string | undefined) => ({ config: { supabaseDir, functionsDir } }) as unknown as StackContext;

describe('which config.toml a functions folder takes its settings from', () => {
  const repoSupabase = path.join(findRepoRoot(), 'supabase');

  it("reads a project's own config.toml beside its functions folder, as `supabase functions serve` does", () => {
    const project = mkdtempSync(path.join(os.tmpdir(), 'dossier-project-'));
    mkdirSync(path.join(project, 'functions'));
    writeFileSync(path.join(project, 'config.toml'), '[functions.hook]\nverify_jwt = false\n');
    const dir = functionsConfigDir(contextFor(repoSupabase, path.join(project, 'functions')));
    expect(dir).toBe(project);
    expect(verifyJwtSetting(dir, 'hook')).toBe(false);
    expect(verifyJwtSetting(dir, 'other')).toBe(true);
  });

  it("keeps the repository's settings for its own folder, and gives a folder with no config.toml the defaults", () => {
    expect(functionsConfigDir(contextFor(repoSupabase, undefined))).toBe(repoSupabase);
    expect(functionsConfigDir(contextFor(repoSupabase, path.join(repoSupabase, 'functions')))).toBe(repoSupabase);
    const bare = mkdtempSync(path.join(os.tmpdir(), 'dossier-bare-'));
    expect(functionsConfigDir(contextFor(repoSupabase, bare))).toBeNull();
    expect(verifyJwtSetting(null, 'calendar-feed')).toBe(true);
  });
});
