/**
 * Cached API answers are kept per signed-in user: the cache key carries the `sub` of the JWT the
 * request was sent with, so on a shared device one person's offline answers are never served to
 * the next person who signs in.
 */
export function userOfAuthorization(header: string | null): string {
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return 'anon';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown; role?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : 'anon';
  } catch {
    return 'anon';
  }
}

/** The cache key of an API GET: the URL with the user appended as a parameter no server reads. */
export function apiCacheKey(request: Request): Request {
  const url = new URL(request.url);
  url.searchParams.set('__dossier_user', userOfAuthorization(request.headers.get('Authorization')));
  return new Request(url.toString(), { method: 'GET' });
}

/** Data API paths answered from the API fallback cache when offline (SPEC §7). */
export function isDataApiRequest(url: URL): boolean {
  return url.pathname.includes('/rest/v1/') || /\/storage\/v1\/object\/(authenticated|public|sign)?\/?/.test(url.pathname);
}

/**
 * Columns a data API question filters on when it asks what the server holds *now*, not for a view
 * of the library to keep: `sha256` is the duplicate check before an upload ("is this file already
 * stored?", `sha256=eq.…` and the batched `sha256=in.(…)`), `drive_file_id` the same check for a
 * Drive import ("is this Drive file already imported?"). An old answer to such a question is wrong
 * in a way that matters: at the moment of reconnecting (the page's `online` event comes before the
 * network works) a cached "no duplicate" kept a queued upload "Sending…" for ever and could let a
 * real duplicate be stored. A view of the library read offline is old too, but says so.
 */
const PRESENT_STATE_FILTERS: readonly string[] = ['sha256', 'drive_file_id'];

/** A data API GET that asks about the server's present state (above): answered by the network or not at all. */
export function asksForPresentState(url: URL): boolean {
  return url.pathname.includes('/rest/v1/') && PRESENT_STATE_FILTERS.some((column) => url.searchParams.has(column));
}

/**
 * SPEC §7: the data API GETs the worker answers network-first and keeps in the versioned fallback
 * cache for offline reading. Not a Range request (a part of a file is no answer to keep), and
 * not a question about the present state: that one is neither stored nor answered from the cache;
 * out of reach it fails as a network error, so the caller's own offline handling applies (the
 * upload queues, the check counts as "not known").
 */
export function keepsOfflineAnswer(request: Request, url = new URL(request.url)): boolean {
  return request.method === 'GET' && isDataApiRequest(url) && !request.headers.has('Range') && !asksForPresentState(url);
}

/** Auth endpoints are never cached; CLEAR_OAUTH_CACHE removes any that slipped in elsewhere. */
export function isAuthRequest(url: URL): boolean {
  return url.pathname.includes('/auth/v1/') || /oauth|\/token\b/i.test(url.pathname);
}

/** Content-hashed file names (webpack's [contenthash:10]) never change: cache-first is safe. */
export function isHashedAsset(url: URL): boolean {
  return /[.-][0-9a-f]{8,}\.(?:js|css|woff2?|png|svg|jpe?g)$/.test(url.pathname);
}

/** Federation entry points change in place on redeploy: network-first, never stale when online. */
export function isFederationEntry(url: URL): boolean {
  return /(?:^|\/)(?:mf-manifest\.json|remoteEntry\.js|mf-stats\.json)$/.test(url.pathname);
}
