import { HttpError, ValidationError } from '@dossier/shared/core';
import { loadAppConfig } from './load-app-config';
import { requestAppConfig } from './request-app-config';

const valid = {
  supabaseUrl: 'http://127.0.0.1:54321',
  supabaseAnonKey: 'anon',
  remotes: { documents: 'http://127.0.0.1:4201/mf-manifest.json' },
};

const answer = (status: number, body: unknown) =>
  Promise.resolve({ ok: status >= 200 && status < 300, status, json: async () => body } as Response);

test('the config is requested without the HTTP cache, so a redeployed remote is seen on the next load', async () => {
  const fetcher = jest.fn(() => answer(200, valid)) as unknown as typeof fetch;
  await loadAppConfig(requestAppConfig(fetcher));
  expect(fetcher).toHaveBeenCalledWith('/app-config.json', expect.objectContaining({ cache: 'no-cache' }));
});

test('a request started early (main.ts) is read when bootstrap is ready, with defaults filled in', async () => {
  const config = await loadAppConfig(answer(200, valid));
  expect(config.supabaseUrl).toBe(valid.supabaseUrl);
  expect(config.features.debugRoutes).toBe(false);
  expect(config.drive.enabled).toBe(false);
});

test('a config the server refuses or that lacks the API address stops the start', async () => {
  await expect(loadAppConfig(answer(404, {}))).rejects.toBeInstanceOf(HttpError);
  await expect(loadAppConfig(answer(200, { remotes: {} }))).rejects.toBeInstanceOf(ValidationError);
});

test('a wrong field is named with what was found, and an unknown remote is refused', async () => {
  const wrong = { ...valid, supabaseUrl: 'localhost:54321', remotes: { documnets: 'http://127.0.0.1:4201/mf-manifest.json' }, uploadMaxBytes: -1 };
  const failure = (await loadAppConfig(answer(200, wrong)).then(() => new Error('accepted'), (error: unknown) => error)) as Error;
  expect(failure).toBeInstanceOf(ValidationError);
  expect(failure.message).toContain('supabaseUrl must be an absolute http(s) URL (got "localhost:54321")');
  expect(failure.message).toContain('remotes.documnets is not a remote');
  expect(failure.message).toContain('uploadMaxBytes must be positive');
});

test('a remote left out is an area this deployment does not offer', async () => {
  const config = await loadAppConfig(answer(200, valid));
  expect(config.remotes.documents).toBe(valid.remotes.documents);
  expect(config.remotes.portfolios).toBe('');
});

test('an early network failure is not reported as unhandled and still reaches the caller', async () => {
  const fetcher = (() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
  const pending = requestAppConfig(fetcher);
  await new Promise((resolve) => setTimeout(resolve, 0));
  await expect(loadAppConfig(pending)).rejects.toThrow('Failed to fetch');
});
