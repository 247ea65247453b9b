/** @jest-environment node */
import { apiCacheKey, asksForPresentState, isDataApiRequest, isFederationEntry, isHashedAsset, keepsOfflineAnswer, userOfAuthorization } from './api-cache-key';

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

  it('keeps data API GETs for offline reading, but not Range requests or writes', () => {
    expect(keepsOfflineAnswer(new Request('http://127.0.0.1:54321/rest/v1/documents?select=*&deleted_at=is.null&order=created_at.desc'))).toBe(true);
    expect(keepsOfflineAnswer(new Request('http://127.0.0.1:54321/storage/v1/object/authenticated/documents/u/d/a.pdf'))).toBe(true);
    expect(keepsOfflineAnswer(new Request('http://127.0.0.1:54321/storage/v1/object/authenticated/documents/u/d/a.pdf', { headers: { Range: 'bytes=0-99' } }))).toBe(false);
    expect(keepsOfflineAnswer(new Request('http://127.0.0.1:54321/rest/v1/documents', { method: 'POST', body: '{}' }))).toBe(false);
    expect(keepsOfflineAnswer(new Request('http://127.0.0.1:54321/auth/v1/user'))).toBe(false);
  });

  it('never keeps the duplicate check before an upload: a cached "no duplicate" is wrong the moment it is read', () => {
    // documents-door.ts findDuplicates and findByChecksums, as supabase-js sends them.
    const byChecksum = 'http://127.0.0.1:54321/rest/v1/documents?select=id%2Cname%2Cdeleted_at%2Ccreated_at&sha256=eq.9f86d081884c7d65&limit=5';
    const byChecksums = 'http://127.0.0.1:54321/rest/v1/documents?select=id%2Cname%2Cdeleted_at%2Ccreated_at%2Csha256&sha256=in.%28aa%2Cbb%29';
    for (const url of [byChecksum, byChecksums]) {
      expect(asksForPresentState(new URL(url))).toBe(true);
      expect(keepsOfflineAnswer(new Request(url))).toBe(false);
    }
  });

  it('never keeps the "already imported from Drive" check either', () => {
    const imported = 'http://127.0.0.1:54321/rest/v1/documents?select=id%2C+name%2C+drive_file_id%2C+drive_modified_time&drive_file_id=in.%28f1%2Cf2%29&deleted_at=is.null';
    expect(asksForPresentState(new URL(imported))).toBe(true);
    expect(keepsOfflineAnswer(new Request(imported))).toBe(false);
  });

  it('still keeps a view that only selects the checksum column', () => {
    const view = new URL('http://127.0.0.1:54321/rest/v1/documents?select=id%2Cname%2Csha256&deleted_at=is.null');
    expect(asksForPresentState(view)).toBe(false);
    expect(keepsOfflineAnswer(new Request(view))).toBe(true);
    // Only data API questions: a storage request is a file, whatever its parameters.
    expect(asksForPresentState(new URL('http://127.0.0.1:54321/storage/v1/object/authenticated/documents/u/d/a.pdf?sha256=x'))).toBe(false);
  });
});
