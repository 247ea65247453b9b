/** Where a person goes after signing in when nothing else was asked for. */
export const DEFAULT_AFTER_SIGN_IN = '/dashboard';

/**
 * The `redirect` query target the route guard put on /auth, if it is a path of this app.
 * Anything else (another origin, "//host", a loop back to /auth) falls back to /dashboard, so
 * the parameter can never send someone off-site.
 */
export function redirectTarget(search: string): string {
  const value = new URLSearchParams(search).get('redirect');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return DEFAULT_AFTER_SIGN_IN;
  const path = value.split(/[?#]/)[0];
  if (path === '/auth' || path.startsWith('/auth/')) return DEFAULT_AFTER_SIGN_IN;
  return value;
}
