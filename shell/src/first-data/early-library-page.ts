import { LIBRARY_DEFAULT_PARAMS, LIBRARY_PAGE_SIZE, isUnfilteredLibrary, searchDocumentsArgs } from '@dossier/registry';
import { isHttpUrl, type EarlyAppConfig } from '../config/early-app-config';
import { usableStoredSession } from './stored-session';

export { sessionStorageKey } from './stored-session';

/**
 * The library's first page, asked for by main.ts as soon as `app-config.json` answers, beside the
 * shell's boot chunks (issue 24: "the first data request starts in parallel with the code", ADR
 * 0483). Before, the shell asked only once its ~165 KB of boot code had run and supabase-js had
 * read the session (ADR 0425): on the phone profile the request started at ~4.4 s and its answer
 * was the last thing the first row waited for.
 *
 * The request is the one supabase-js would send — same address, same session token, the same
 * body to the byte (`searchDocumentsArgs`) — so nothing about it is decided here: the shell's
 * supabase client is given `withEarlyLibraryPage(fetch)`, and the first `search_documents` call it
 * makes is answered with this response if, and only if, it is that same request within
 * CLAIM_WITHIN_MS. Anything else (another person, a refreshed token, a filter, a later visit)
 * goes to the network as before, and so does the call if the early request failed.
 *
 * Only for a session supabase-js itself would use without refreshing it first (stored by it under
 * its own key, not expiring within a minute); a signed-out visitor sends nothing.
 */

/** How long an unclaimed early answer may be handed out: it is the page's first request, not a cache. */
export const CLAIM_WITHIN_MS = 30_000;

interface EarlyRequest {
  url: string;
  authorization: string;
  body: string;
  startedAt: number;
  response: Promise<Response>;
}

let early: EarlyRequest | undefined;
/**
 * Settles once main.ts has sent the early request or decided not to. On a warm visit the shell's
 * code is already here when app-config.json answers, and its own request could otherwise overtake
 * the early one by a few microtasks and go out twice.
 */
let starting: Promise<void> = Promise.resolve();

export interface EarlyLibraryPageOptions {
  storage?: Pick<Storage, 'getItem'>;
  fetcher?: typeof fetch;
  now?: () => number;
}

/** Starts the request if the address is the unfiltered library and a usable session is stored. Never rejects. */
export function startLibraryPageEarly(appConfig: Promise<EarlyAppConfig | null>, location: { pathname: string; search: string }, options: EarlyLibraryPageOptions = {}): Promise<void> {
  if (!isUnfilteredLibrary(location)) return Promise.resolve();
  const now = options.now ?? Date.now;
  starting = appConfig
    .then((config) => {
      const supabaseUrl = config?.supabaseUrl;
      const anonKey = config?.supabaseAnonKey;
      if (!isHttpUrl(supabaseUrl) || typeof anonKey !== 'string' || !anonKey) return;
      const session = usableStoredSession(options.storage ?? window.localStorage, supabaseUrl, now());
      if (!session) return;
      const url = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/search_documents`;
      const body = JSON.stringify(searchDocumentsArgs({ ...LIBRARY_DEFAULT_PARAMS, limit: LIBRARY_PAGE_SIZE, offset: 0 }));
      const authorization = `Bearer ${session.accessToken}`;
      const response = (options.fetcher ?? globalThis.fetch)(url, { method: 'POST', headers: { apikey: anonKey, authorization, 'content-type': 'application/json' }, body });
      response.catch(() => undefined); // a failure is the claiming call's to retry
      early = { url, authorization, body, startedAt: now(), response };
    })
    .catch(() => undefined);
  return starting;
}

const urlOf = (input: RequestInfo | URL) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/** Hands the early answer to the first identical request, once; forgets it at the first library request either way. */
function claim(input: RequestInfo | URL, init: RequestInit | undefined, now: number): Promise<Response> | undefined {
  const pending = early;
  if (!pending || urlOf(input) !== pending.url) return undefined;
  early = undefined;
  const same =
    (init?.method ?? 'GET').toUpperCase() === 'POST' &&
    init?.body === pending.body &&
    new Headers(init?.headers).get('authorization') === pending.authorization &&
    now - pending.startedAt <= CLAIM_WITHIN_MS;
  return same ? pending.response : undefined;
}

/** The fetch the shell's supabase client uses: the network, except for the early library page it already asked for. */
export function withEarlyLibraryPage(fetcher?: typeof fetch, now: () => number = Date.now): typeof fetch {
  // The page's fetch at the time of each call (as supabase-js's own default does), unless one is given.
  const send: typeof fetch = (input, init) => (fetcher ?? globalThis.fetch)(input, init);
  return async (input, init) => {
    await starting;
    const claimed = claim(input, init, now());
    // A failed early request is not the person's answer: ask again.
    return claimed ? claimed.catch(() => send(input, init)) : send(input, init);
  };
}

/** Tests: forget any early request. */
export function forgetEarlyLibraryPage(): void {
  early = undefined;
  starting = Promise.resolve();
}
