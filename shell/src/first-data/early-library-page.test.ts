/** @jest-environment node */
import { createClient } from '@supabase/supabase-js';
import { QueryClient } from '@tanstack/react-query';
import { LIBRARY_DEFAULT_PARAMS, libraryPagesQuery, prefetchLibraryFirstPage } from '@dossier/shared/core';
import { CLAIM_WITHIN_MS, forgetEarlyLibraryPage, sessionStorageKey, startLibraryPageEarly, withEarlyLibraryPage } from './early-library-page';

const SUPABASE_URL = 'http://127.0.0.1:54321';
const CONFIG = Promise.resolve({ supabaseUrl: SUPABASE_URL, supabaseAnonKey: 'anon-key' });
const LIBRARY = { pathname: '/documents', search: '' };
// supabase-js checks the stored session against the real clock: the test's "now" is the real one.
const NOW = Date.now();

function storedSession(accessToken: string, expiresInS = 3600) {
  const values = new Map<string, string>();
  const session = { access_token: accessToken, refresh_token: 'refresh', token_type: 'bearer', expires_in: expiresInS, expires_at: Math.floor(NOW / 1000) + expiresInS, user: { id: 'ann', aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-11-01T00:00:00Z' } };
  values.set(sessionStorageKey(SUPABASE_URL), JSON.stringify(session));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key) };
}

/** The network: every request, and a library page of one row for each search. */
function wire(fail?: (call: number) => boolean) {
  const rpcCalls: { authorization: string | null; body: unknown }[] = [];
  const fetcher = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.endsWith('/rest/v1/rpc/search_documents')) {
      rpcCalls.push({ authorization: new Headers(init?.headers).get('authorization'), body: init?.body });
      if (fail?.(rpcCalls.length)) throw new TypeError('Failed to fetch');
      const row = { id: 'd1', name: `passport (answer ${rpcCalls.length}).pdf`, size: '2048', rank: '0', total_count: '1', document_tag_ids: [], snippet: null };
      return new Response(JSON.stringify([row]), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  }) as jest.MockedFunction<typeof fetch>;
  return { fetcher, rpcCalls };
}

/** The shell as bootstrap.tsx builds it: supabase-js on the claiming fetch, then the library's first page (ADR 0425). */
async function shellReadsLibrary(storage: ReturnType<typeof storedSession>, fetcher: typeof fetch, now = () => NOW) {
  const supabase = createClient(SUPABASE_URL, 'anon-key', { auth: { storage, autoRefreshToken: false, persistSession: true, detectSessionInUrl: false }, global: { fetch: withEarlyLibraryPage(fetcher, now) } });
  const queryClient = new QueryClient();
  expect(prefetchLibraryFirstPage(queryClient, supabase, LIBRARY)).toBe(true);
  const pages = await queryClient.fetchInfiniteQuery(libraryPagesQuery(supabase, LIBRARY_DEFAULT_PARAMS));
  return pages.pages[0].items.map((item) => item.name);
}

afterEach(() => forgetEarlyLibraryPage());

it("answers the shell's first library request with the one main.ts sent: the same request to the byte, once on the wire", async () => {
  const storage = storedSession('token-ann');
  const { fetcher, rpcCalls } = wire();
  await startLibraryPageEarly(CONFIG, LIBRARY, { storage, fetcher, now: () => NOW });
  expect(rpcCalls).toHaveLength(1);
  expect(rpcCalls[0].authorization).toBe('Bearer token-ann');

  expect(await shellReadsLibrary(storage, fetcher)).toEqual(['passport (answer 1).pdf']);
  expect(rpcCalls).toHaveLength(1);
  // Handed out once: the next read (a refetch, a later visit) asks the network.
  expect(await shellReadsLibrary(storage, fetcher)).toEqual(['passport (answer 2).pdf']);
});

it('goes to the network when the request is not the same one: another token, a late claim, or a failed early request', async () => {
  const { fetcher, rpcCalls } = wire((call) => call === 3);
  // Another person's session by the time the shell reads (signed out and in again on another tab).
  await startLibraryPageEarly(CONFIG, LIBRARY, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  expect(await shellReadsLibrary(storedSession('token-bob'), fetcher)).toEqual(['passport (answer 2).pdf']);
  expect(rpcCalls.map((call) => call.authorization)).toEqual(['Bearer token-ann', 'Bearer token-bob']);

  // The early request failed (the connection dropped): the shell's own request is sent.
  await startLibraryPageEarly(CONFIG, LIBRARY, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  expect(await shellReadsLibrary(storedSession('token-ann'), fetcher)).toEqual(['passport (answer 4).pdf']);

  // An answer nobody claimed in time is not handed out later.
  await startLibraryPageEarly(CONFIG, LIBRARY, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  expect(await shellReadsLibrary(storedSession('token-ann'), fetcher, () => NOW + CLAIM_WITHIN_MS + 1)).toEqual(['passport (answer 6).pdf']);
});

it('sends nothing for a visitor, a session about to be refreshed, a filtered library, another page or a broken config', async () => {
  const { fetcher } = wire();
  const empty = { getItem: () => null };
  await startLibraryPageEarly(CONFIG, LIBRARY, { storage: empty, fetcher, now: () => NOW });
  await startLibraryPageEarly(CONFIG, LIBRARY, { storage: storedSession('token-ann', 30), fetcher, now: () => NOW });
  await startLibraryPageEarly(CONFIG, { pathname: '/documents', search: '?q=tax' }, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  await startLibraryPageEarly(CONFIG, { pathname: '/portfolios', search: '' }, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  await startLibraryPageEarly(Promise.resolve(null), LIBRARY, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  await startLibraryPageEarly(Promise.resolve({ supabaseUrl: 'javascript:alert(1)', supabaseAnonKey: 'k' }), LIBRARY, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  await startLibraryPageEarly(CONFIG, LIBRARY, { storage: { getItem: () => '{not json' }, fetcher, now: () => NOW });
  expect(fetcher).not.toHaveBeenCalled();

  // A layout or an open document does not change what the list fetches: still the first page.
  await startLibraryPageEarly(CONFIG, { pathname: '/documents/', search: '?view=grid&doc=d1' }, { storage: storedSession('token-ann'), fetcher, now: () => NOW });
  expect(fetcher).toHaveBeenCalledTimes(1);
});

it("waits for main.ts's request when the shell's own comes first (a warm visit: the shell's code was already here)", async () => {
  const storage = storedSession('token-ann');
  const { fetcher, rpcCalls } = wire();
  let answer!: (config: { supabaseUrl: string; supabaseAnonKey: string }) => void;
  const config = new Promise<{ supabaseUrl: string; supabaseAnonKey: string }>((resolve) => (answer = resolve));
  const early = startLibraryPageEarly(config, LIBRARY, { storage, fetcher, now: () => NOW });
  const shell = shellReadsLibrary(storage, fetcher);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(rpcCalls).toHaveLength(0);
  answer({ supabaseUrl: SUPABASE_URL, supabaseAnonKey: 'anon-key' });
  await early;
  expect(await shell).toEqual(['passport (answer 1).pdf']);
  expect(rpcCalls).toHaveLength(1);
});
