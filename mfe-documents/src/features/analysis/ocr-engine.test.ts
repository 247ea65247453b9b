import { OfflineError } from '@dossier/shared/core';

// tesseract.js itself is replaced: what is under test is how the engine starts it. Offline, its
// worker's importScripts failed as an uncaught error in the page (nothing cancels the worker's
// error event); the engine must find that out first and say "offline" instead.
const createWorker = jest.fn();
jest.mock('tesseract.js', () => ({ createWorker: (...args: unknown[]) => createWorker(...args), OEM: { LSTM_ONLY: 1 } }));

Object.assign(globalThis, {
  __OCR_ASSET_DIRS__: { worker: 'ocr/tesseract.js-7.0.0', core: 'ocr/tesseract.js-core-7.0.0', lang: 'ocr/lang-1.0.0' },
  __webpack_public_path__: 'http://127.0.0.1:4201/',
});

// eslint-disable-next-line @typescript-eslint/no-require-imports -- after the globals above exist
const { ocrEngine, stopOcr } = require('./ocr-engine') as typeof import('./ocr-engine');

const recognise = () => ocrEngine.recognise(new Blob(['png']), () => undefined, new AbortController().signal);
const originalFetch = globalThis.fetch;

afterEach(async () => {
  globalThis.fetch = originalFetch;
  createWorker.mockReset();
  await stopOcr();
});

test('offline, reading rejects with an OfflineError and no worker is started (its importScripts would throw uncaught)', async () => {
  globalThis.fetch = jest.fn(async () => {
    throw new TypeError('Failed to fetch');
  });
  await expect(recognise()).rejects.toBeInstanceOf(OfflineError);
  expect(globalThis.fetch).toHaveBeenCalledWith('http://127.0.0.1:4201/ocr/tesseract.js-7.0.0/worker.min.js', { mode: 'no-cors' });
  expect(createWorker).not.toHaveBeenCalled();
});

test('online, the worker starts with an error handler (tesseract rethrows a failed job uncaught without one), and a later page retries after a failed start', async () => {
  globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200 }) as Response);
  createWorker.mockRejectedValueOnce('language data could not be fetched');
  await expect(recognise()).rejects.toBe('language data could not be fetched');
  expect(createWorker.mock.calls[0][2]).toEqual(expect.objectContaining({ errorHandler: expect.any(Function), workerPath: 'http://127.0.0.1:4201/ocr/tesseract.js-7.0.0/worker.min.js' }));

  createWorker.mockResolvedValueOnce({ recognize: async () => ({ data: { text: 'PASSPORT' } }), terminate: async () => undefined });
  await expect(recognise()).resolves.toBe('PASSPORT');
});
