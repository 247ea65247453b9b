/**
 * @jest-environment node
 */
import { contentDisposition, downloadFileName, withDownloadName } from './download-name';

const OWNER = '5b0c6f5e-2b1a-4a8e-9a51-1f4ab0c1d2e3/7d3e4c1b-9a0f-4d6e-8b2a-3c5d7e9f1a2b';

describe('downloadFileName (issue 21 item 2)', () => {
  it('keeps a renamed document’s UTF-8 name and adds the original extension', () => {
    expect(downloadFileName({ name: 'Passport – Eleanor Whitfield', storagePath: `${OWNER}/passport-scan.pdf`, mimeType: 'application/pdf' })).toBe(
      'Passport – Eleanor Whitfield.pdf',
    );
  });

  it('does not add an extension the name already ends in, in any case or spelling of the same type', () => {
    expect(downloadFileName({ name: 'libtasn1.pdf', storagePath: `${OWNER}/libtasn1.pdf`, mimeType: 'application/pdf' })).toBe('libtasn1.pdf');
    expect(downloadFileName({ name: 'SCAN.PDF', storagePath: `${OWNER}/scan.pdf`, mimeType: 'application/pdf' })).toBe('SCAN.PDF');
    expect(downloadFileName({ name: 'holiday.jpeg', storagePath: `${OWNER}/holiday.jpg`, mimeType: 'image/jpeg' })).toBe('holiday.jpeg');
  });

  it('treats a version number as part of the name, not as an extension', () => {
    expect(downloadFileName({ name: 'Manual v4.1', storagePath: `${OWNER}/manual.pdf`, mimeType: 'application/pdf' })).toBe('Manual v4.1.pdf');
  });

  it('falls back to the content type when the original has no extension', () => {
    expect(downloadFileName({ name: 'Car insurance', storagePath: `${OWNER}/document`, mimeType: 'image/png' })).toBe('Car insurance.png');
    expect(downloadFileName({ name: 'Notes', mimeType: 'text/plain; charset=utf-8' })).toBe('Notes.txt');
    expect(downloadFileName({ name: 'Mystery', mimeType: 'application/x-unknown' })).toBe('Mystery');
  });

  it('replaces characters no file system accepts instead of percent-encoding them', () => {
    const name = downloadFileName({ name: 'Tax <2025> "final": a/b\\c|d?*', mimeType: 'application/pdf' });
    expect(name).toBe('Tax _2025_ _final__ a_b_c_d__.pdf');
    expect(name).not.toMatch(/%[0-9A-F]{2}/);
  });

  it('never yields an empty, hidden, reserved or trailing-dot name', () => {
    expect(downloadFileName({ name: '', mimeType: 'application/pdf' })).toBe('document.pdf');
    expect(downloadFileName({ name: '...', mimeType: 'application/pdf' })).toBe('document.pdf');
    expect(downloadFileName({ name: '.hidden', mimeType: 'text/plain' })).toBe('hidden.txt');
    expect(downloadFileName({ name: 'CON', mimeType: 'text/plain' })).toBe('_CON.txt');
    expect(downloadFileName({ name: 'draft. ', mimeType: 'text/plain' })).toBe('draft.txt');
  });

  it('caps a long name but keeps its extension', () => {
    const name = downloadFileName({ name: 'é'.repeat(300), mimeType: 'application/pdf' });
    expect(Array.from(name)).toHaveLength(200);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('contentDisposition (RFC 6266 / RFC 5987)', () => {
  it('sends the UTF-8 name in filename* and an ASCII fallback in filename', () => {
    expect(contentDisposition('Passport – Eleanor Whitfield.pdf')).toBe(
      `attachment; filename="Passport - Eleanor Whitfield.pdf"; filename*=UTF-8''Passport%20%E2%80%93%20Eleanor%20Whitfield.pdf`,
    );
  });

  it('encodes the characters RFC 5987 forbids that encodeURIComponent leaves alone', () => {
    expect(contentDisposition("Bob's (copy)*.txt")).toBe(`attachment; filename="Bob's (copy)_.txt"; filename*=UTF-8''Bob%27s%20%28copy%29_.txt`);
  });

  it('keeps the header a valid, unquoted-safe value whatever the name', () => {
    const header = contentDisposition('a"b\\c\r\nd%41 Ünïcödé 漢字.txt');
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(header).toContain('filename="a_b_c__d_41 Unicode __.txt"');
    expect(decodeURIComponent(header.split("UTF-8''")[1])).toBe("a_b_c__d%41 Ünïcödé 漢字.txt");
  });
});

describe('withDownloadName (the storage `download` parameter)', () => {
  it('carries the exact name, where supabase-js’s own option arrives percent-encoded', async () => {
    const { createClient } = await import('@supabase/supabase-js');
    // The network is faked: Storage answers /object/sign with a relative signed path, as it does.
    const fetchFake = (async () => new Response(JSON.stringify({ signedURL: '/object/sign/documents/u/d/scan.pdf?token=t0k' }), { headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const client = createClient('https://project.supabase.co', 'anon', { global: { fetch: fetchFake }, auth: { persistSession: false } });
    const name = 'Passport – Eleanor Whitfield <2025> "copy".pdf';

    const viaOption = await client.storage.from('documents').createSignedUrl('u/d/scan.pdf', 60, { download: name });
    if (viaOption.error) throw viaOption.error;
    // What Storage reads from the query (decoded once): supabase-js's double encoding survives.
    expect(new URL(viaOption.data!.signedUrl).searchParams.get('download')).not.toBe(name);

    const plain = await client.storage.from('documents').createSignedUrl('u/d/scan.pdf', 60);
    const url = new URL(withDownloadName(plain.data!.signedUrl, name));
    expect(url.searchParams.get('download')).toBe(name);
    expect(url.searchParams.get('token')).toBe('t0k');
    expect(url.pathname).toBe('/storage/v1/object/sign/documents/u/d/scan.pdf');
  });
});
