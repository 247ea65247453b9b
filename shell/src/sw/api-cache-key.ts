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
