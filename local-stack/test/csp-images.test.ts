import { appConfigFromEnv } from '../src/static-host/app-config';
import { contentSecurityPolicy } from '../src/static-host/static-host';

/** Issue 22: the Drive browser's thumbnails load under the app's CSP, and no other site's pictures do. */
const imgSrc = (csp: string) => csp.split(';').map((d) => d.trim()).find((d) => d.startsWith('img-src ')) ?? '';

describe("the shell's img-src", () => {
  it('allows the Drive emulator that serves the thumbnails, and not any https: site', () => {
    const config = appConfigFromEnv({}, { supabaseUrl: 'http://127.0.0.1:54999', googleUrl: 'http://127.0.0.1:54998', remotes: { documents: '', portfolios: '', driveImport: '', account: '', debug: '' } });
    const src = imgSrc(contentSecurityPolicy(config));
    expect(src.split(' ')).toContain(new URL(config.drive.apiBaseUrl).origin);
    expect(src.split(' ')).not.toContain('https:');
  });

  it("allows Google's content hosts when Drive is Google's, and nothing for Drive when Drive is off", () => {
    const base = appConfigFromEnv({}, { supabaseUrl: 'http://127.0.0.1:54999', googleUrl: 'http://127.0.0.1:54998', remotes: { documents: '', portfolios: '', driveImport: '', account: '', debug: '' } });
    const google = { ...base, drive: { ...base.drive, enabled: true, apiBaseUrl: 'https://www.googleapis.com', authUrl: 'https://accounts.google.com/o/oauth2/v2/auth' } };
    expect(imgSrc(contentSecurityPolicy(google)).split(' ')).toContain('https://*.googleusercontent.com');
    const off = { ...base, drive: { ...base.drive, enabled: false } };
    expect(imgSrc(contentSecurityPolicy(off))).toBe(`img-src 'self' data: blob: http://127.0.0.1:54999`);
  });
});
