/** @jest-environment node */
import { readAppConfigEarly } from '../config/early-app-config';
import { DASHBOARD_AREAS, startAreaEarly, type EarlyAreaRuntime } from './early-area-load';
import { sessionStorageKey } from '../first-data/stored-session';

const DOCUMENTS = 'http://127.0.0.1:4201/mf-manifest.json';
const DEBUG = 'http://127.0.0.1:4205/mf-manifest.json';

function fakeRuntime(load: (id: string) => Promise<unknown> = async () => ({})) {
  const registered: { name: string; entry: string }[] = [];
  const loaded: string[] = [];
  const runtime: EarlyAreaRuntime = {
    registerRemotes: (remotes) => void registered.push(...remotes),
    loadRemote: (id) => (loaded.push(id), load(id)),
  };
  return { runtime, registered, loaded };
}

const configResponse = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

it('starts the area the address names as soon as app-config.json answers, and leaves the body for the shell', async () => {
  const { runtime, registered, loaded } = fakeRuntime();
  const response = configResponse({ remotes: { documents: DOCUMENTS }, features: { debugRoutes: false } });
  await startAreaEarly(readAppConfigEarly(response), '/documents/abc/preview', { runtime });
  expect(registered).toEqual([{ name: 'dossier_documents', entry: DOCUMENTS }]);
  expect(loaded).toEqual(['dossier_documents/Module']);
  // The shell reads the same response later (loadAppConfig): its body is still there.
  expect(await (await response).json()).toEqual({ remotes: { documents: DOCUMENTS }, features: { debugRoutes: false } });
});

it('starts nothing on the shell’s own pages (a /dashboard without a stored session included), for an area the config leaves out, or for diagnostics it does not enable', async () => {
  const { runtime, registered, loaded } = fakeRuntime();
  const config = { remotes: { documents: DOCUMENTS, debug: DEBUG }, features: { debugRoutes: false } };
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/dashboard', { runtime });
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/auth', { runtime });
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/settings', { runtime });
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/google-scope-debugger', { runtime });
  expect(registered).toEqual([]);
  expect(loaded).toEqual([]);

  await startAreaEarly(readAppConfigEarly(configResponse({ ...config, features: { debugRoutes: true } })), '/google-scope-debugger', { runtime });
  expect(loaded).toEqual(['dossier_debug/Module']);
});

it('never fails the start: a broken config, an odd entry or a remote that is down are left to the shell', async () => {
  const down = fakeRuntime(() => Promise.reject(new Error('remoteEntry.js: ERR_CONNECTION_REFUSED')));
  await expect(startAreaEarly(readAppConfigEarly(configResponse({ remotes: { documents: DOCUMENTS } })), '/documents', { runtime: down.runtime })).resolves.toBeUndefined();
  expect(down.loaded).toEqual(['dossier_documents/Module']);

  const { runtime, loaded } = fakeRuntime();
  await expect(startAreaEarly(readAppConfigEarly(configResponse({ error: 'down' }, 503)), '/documents', { runtime })).resolves.toBeUndefined();
  await expect(startAreaEarly(readAppConfigEarly(Promise.resolve(new Response('<html>', { status: 200 }))), '/documents', { runtime })).resolves.toBeUndefined();
  await expect(startAreaEarly(readAppConfigEarly(Promise.reject(new TypeError('Failed to fetch'))), '/documents', { runtime })).resolves.toBeUndefined();
  await expect(startAreaEarly(readAppConfigEarly(configResponse({ remotes: { documents: 'javascript:alert(1)' } })), '/documents', { runtime })).resolves.toBeUndefined();
  expect(loaded).toEqual([]);
});

describe('a signed-in /dashboard (ADR 0491)', () => {
  const SUPABASE_URL = 'http://127.0.0.1:54321';
  const NOW = Date.UTC(2026, 10, 29, 5, 0, 0);
  const remotes = {
    documents: DOCUMENTS,
    portfolios: 'http://127.0.0.1:4202/mf-manifest.json',
    driveImport: 'http://127.0.0.1:4203/mf-manifest.json',
    account: 'http://127.0.0.1:4204/mf-manifest.json',
    debug: DEBUG,
  };
  const storageWith = (session: unknown) => ({ getItem: (key: string) => (key === sessionStorageKey(SUPABASE_URL) ? JSON.stringify(session) : null) });
  const config = () => readAppConfigEarly(configResponse({ supabaseUrl: SUPABASE_URL, remotes, features: { debugRoutes: true } }));

  it("starts the areas of the dashboard's widgets and notices, each once, beside the boot", async () => {
    expect(DASHBOARD_AREAS).toEqual(['documents', 'portfolios', 'driveImport', 'account']);
    const { runtime, registered, loaded } = fakeRuntime();
    const storage = storageWith({ access_token: 'token', expires_at: NOW / 1000 + 3600 });
    await startAreaEarly(config(), '/dashboard', { runtime, storage, now: () => NOW });
    expect(registered.map((remote) => remote.name)).toEqual(['dossier_documents', 'dossier_portfolios', 'dossier_drive_import', 'dossier_account']);
    expect(registered.find((remote) => remote.name === 'dossier_portfolios')?.entry).toBe(remotes.portfolios);
    expect(loaded).toEqual(['dossier_documents/Module', 'dossier_portfolios/Module', 'dossier_drive_import/Module', 'dossier_account/Module']);
  });

  it('starts none for a visitor (sent to /auth) or a session supabase-js would refresh first', async () => {
    const { runtime, loaded } = fakeRuntime();
    await startAreaEarly(config(), '/dashboard', { runtime, storage: storageWith(null), now: () => NOW });
    await startAreaEarly(config(), '/dashboard', { runtime, storage: storageWith({ access_token: 'token', expires_at: NOW / 1000 + 30 }), now: () => NOW });
    await startAreaEarly(config(), '/dashboard', { runtime, storage: { getItem: () => '{not json' }, now: () => NOW });
    expect(loaded).toEqual([]);
  });

  it('one area that is down does not keep the others from starting, and the start never fails', async () => {
    const { runtime, loaded } = fakeRuntime(async (id) => {
      if (id.startsWith('dossier_documents')) throw new Error('remoteEntry.js: ERR_CONNECTION_REFUSED');
      return {};
    });
    const storage = storageWith({ access_token: 'token', expires_at: NOW / 1000 + 3600 });
    await expect(startAreaEarly(config(), '/dashboard', { runtime, storage, now: () => NOW })).resolves.toBeUndefined();
    expect(loaded).toHaveLength(4);
  });
});
