import { hasStoredSession, isLandingVisit, isSignInPage, withoutTrailingSlash } from './landing-visit';

function storage(keys: string[]): Pick<Storage, 'length' | 'key'> {
  return { length: keys.length, key: (index) => keys[index] ?? null };
}
const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('isLandingVisit', () => {
  it("is a visitor's plain / and the load after a sign-out", () => {
    expect(isLandingVisit(at('/'), storage(['dossier-consent']))).toBe(true);
    expect(isLandingVisit(at('/', '?logout'), storage([]))).toBe(true);
  });
  it('is never another page, an OAuth return, or a person with a stored session', () => {
    expect(isLandingVisit(at('/auth'), storage([]))).toBe(false);
    expect(isLandingVisit(at('/', '?code=abc'), storage([]))).toBe(false);
    expect(isLandingVisit(at('/', '', '#access_token=x'), storage([]))).toBe(false);
    expect(isLandingVisit(at('/'), storage(['sb-127-auth-token']))).toBe(false);
  });
  it('leaves the choice to the app when storage cannot be read', () => {
    expect(isLandingVisit(at('/'), undefined)).toBe(false);
    const throwing = { length: 1, key: () => { throw new Error('denied'); } };
    expect(hasStoredSession(throwing)).toBe(true);
  });
  it("does not take supabase-js's PKCE verifier for a session", () => {
    expect(hasStoredSession(storage(['sb-127-auth-token-code-verifier']))).toBe(false);
  });
});

describe('withoutTrailingSlash', () => {
  it('names a path as the routes do, whatever slashes end it, and keeps the root', () => {
    expect(withoutTrailingSlash('/auth/')).toBe('/auth');
    expect(withoutTrailingSlash('/auth//')).toBe('/auth');
    expect(withoutTrailingSlash('/documents')).toBe('/documents');
    expect(withoutTrailingSlash('/')).toBe('/');
    expect(withoutTrailingSlash('//')).toBe('/');
  });
});

describe('isSignInPage', () => {
  it('is /auth, with or without a trailing slash, and nothing else', () => {
    expect(isSignInPage('/auth')).toBe(true);
    expect(isSignInPage('/auth/')).toBe(true);
    expect(isSignInPage('/authors')).toBe(false);
    expect(isSignInPage('/')).toBe(false);
  });
});
