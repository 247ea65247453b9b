/** @jest-environment node */
import { readAppConfigEarly } from '../config/early-app-config';
import { startAreaEarly, type EarlyAreaRuntime } from './early-area-load';

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
  await startAreaEarly(readAppConfigEarly(response), '/documents/abc/preview', runtime);
  expect(registered).toEqual([{ name: 'dossier_documents', entry: DOCUMENTS }]);
  expect(loaded).toEqual(['dossier_documents/Module']);
  // The shell reads the same response later (loadAppConfig): its body is still there.
  expect(await (await response).json()).toEqual({ remotes: { documents: DOCUMENTS }, features: { debugRoutes: false } });
});

it('starts nothing on the shell’s own pages, for an area the config leaves out, or for diagnostics it does not enable', async () => {
  const { runtime, registered, loaded } = fakeRuntime();
  const config = { remotes: { documents: DOCUMENTS, debug: DEBUG }, features: { debugRoutes: false } };
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/dashboard', runtime);
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/auth', runtime);
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/settings', runtime);
  await startAreaEarly(readAppConfigEarly(configResponse(config)), '/google-scope-debugger', runtime);
  expect(registered).toEqual([]);
  expect(loaded).toEqual([]);

  await startAreaEarly(readAppConfigEarly(configResponse({ ...config, features: { debugRoutes: true } })), '/google-scope-debugger', runtime);
  expect(loaded).toEqual(['dossier_debug/Module']);
});

it('never fails the start: a broken config, an odd entry or a remote that is down are left to the shell', async () => {
  const down = fakeRuntime(() => Promise.reject(new Error('remoteEntry.js: ERR_CONNECTION_REFUSED')));
  await expect(startAreaEarly(readAppConfigEarly(configResponse({ remotes: { documents: DOCUMENTS } })), '/documents', down.runtime)).resolves.toBeUndefined();
  expect(down.loaded).toEqual(['dossier_documents/Module']);

  const { runtime, loaded } = fakeRuntime();
  await expect(startAreaEarly(readAppConfigEarly(configResponse({ error: 'down' }, 503)), '/documents', runtime)).resolves.toBeUndefined();
  await expect(startAreaEarly(readAppConfigEarly(Promise.resolve(new Response('<html>', { status: 200 }))), '/documents', runtime)).resolves.toBeUndefined();
  await expect(startAreaEarly(readAppConfigEarly(Promise.reject(new TypeError('Failed to fetch'))), '/documents', runtime)).resolves.toBeUndefined();
  await expect(startAreaEarly(readAppConfigEarly(configResponse({ remotes: { documents: 'javascript:alert(1)' } })), '/documents', runtime)).resolves.toBeUndefined();
  expect(loaded).toEqual([]);
});
