/**
 * Whether this load is a visitor's plain `/`, which the light landing (landing-start.tsx, ADR 0185)
 * answers without the app: no stored supabase-js session, nothing in the address for supabase-js
 * (an OAuth `?code=`, a `#access_token=`), for Google Drive's consent return, or for the service
 * worker's share target. Anything else starts the whole app as before.
 * Kept free of imports: main.ts decides before any shared module is negotiated.
 */
export function isLandingVisit(location: Pick<Location, 'pathname' | 'search' | 'hash'>, storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  if (location.pathname !== '/' || location.hash !== '') return false;
  // `?logout` (SPEC §2) is the load after a sign-out: a visitor's landing too.
  if (location.search !== '' && location.search !== '?logout') return false;
  return !hasStoredSession(storage);
}

/**
 * The address's path as the app's routes name it: `/auth/` and `/auth//` are `/auth`, and `/` stays
 * `/` (the router matches with or without a trailing slash; the first paint must agree with it).
 */
export function withoutTrailingSlash(pathname: string): string {
  return pathname.replace(/(.)\/+$/, '$1');
}

/** The sign-in page, whose header offers no "Sign in" of its own (AppFrame and the prerendered card agree). */
export function isSignInPage(pathname: string): boolean {
  return withoutTrailingSlash(pathname) === '/auth';
}

/** supabase-js keeps the session under `sb-<project>-auth-token` (its default storage key). */
export function hasStoredSession(storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  // No storage to read (a locked-down browser): let the app decide, as it always did.
  if (!storage) return true;
  try {
    for (let i = 0; i < storage.length; i++) {
      if (/^sb-.+-auth-token$/.test(storage.key(i) ?? '')) return true;
    }
    return false;
  } catch {
    return true;
  }
}

/** `localStorage`, or undefined where reading it throws (storage blocked). */
export function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
