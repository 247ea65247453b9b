/** @jest-environment node */
import { apiCacheKey, isDataApiRequest, isFederationEntry, isHashedAsset, userOfAuthorization } from './api-cache-key';

const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

describe('service-worker request rules', () => {
  it('keys API answers by the user of the bearer token', () => {
    expect(userOfAuthorization(`Bearer ${jwt({ sub: 'user-1', role: 'authenticated' })}`)).toBe('user-1');
    expect(userOfAuthorization('Bearer not-a-jwt')).toBe('anon');
    expect(userOfAuthorization(null)).toBe('anon');
    const a = apiCacheKey(new Request('http://api/rest/v1/documents?select=*', { headers: { Authorization: `Bearer ${jwt({ sub: 'a' })}` } }));
    const b = apiCacheKey(new Request('http://api/rest/v1/documents?select=*', { headers: { Authorization: `Bearer ${jwt({ sub: 'b' })}` } }));
    expect(a.url).not.toBe(b.url);
  });

  it('recognises data API, federation entries and hashed assets', () => {
    expect(isDataApiRequest(new URL('http://127.0.0.1:54321/rest/v1/documents?select=id'))).toBe(true);
    expect(isDataApiRequest(new URL('http://127.0.0.1:54321/storage/v1/object/authenticated/documents/u/d/a.pdf'))).toBe(true);
    expect(isDataApiRequest(new URL('http://127.0.0.1:54321/auth/v1/token'))).toBe(false);
    expect(isFederationEntry(new URL('http://127.0.0.1:4201/mf-manifest.json'))).toBe(true);
    expect(isFederationEntry(new URL('http://127.0.0.1:4201/remoteEntry.js'))).toBe(true);
    expect(isHashedAsset(new URL('http://127.0.0.1:4201/__federation_expose_Module.1a2b3c4d5e.js'))).toBe(true);
    expect(isHashedAsset(new URL('http://127.0.0.1:4201/remoteEntry.js'))).toBe(false);
  });
});
