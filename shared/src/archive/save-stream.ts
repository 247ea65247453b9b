/**
 * Where a streamed download goes (ADR 0161), best first:
 * 1. `service-worker`: the small worker at /download-sw.js (scope /__download/) answers a hidden
 *    frame's request with a stream this page fills — a normal browser download of any size, in
 *    Chromium, Firefox and Safari alike, and nothing held in memory;
 * 2. `file-system`: the File System Access API's save picker, where there is no worker (e.g. a
 *    private window that has none) but the picker exists;
 * 3. `memory`: the chunks are kept and saved through a Blob URL at the end (the only way left).
 */
import { contentDisposition } from '../core/naming/download-name';
export type SaveSinkKind = 'service-worker' | 'file-system' | 'memory';

export interface SaveSink {
  readonly kind: SaveSinkKind;
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason?: unknown): Promise<void>;
}

export interface SaveOptions {
  fileName: string;
  mimeType?: string;
  /** Skip the service worker (tests and callers that know it cannot run). */
  kinds?: SaveSinkKind[];
}

const WORKER_URL = '/download-sw.js';
const WORKER_SCOPE = '/__download/';

class StoppedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('The download was stopped.');
  }
}

function saveBlobUrl(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

function activated(registration: ServiceWorkerRegistration, timeoutMs: number): Promise<ServiceWorker | null> {
  if (registration.active?.state === 'activated') return Promise.resolve(registration.active);
  const worker = registration.installing ?? registration.waiting ?? registration.active;
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), timeoutMs);
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') {
        clearTimeout(timer);
        resolve(worker);
      } else if (worker.state === 'redundant') {
        clearTimeout(timer);
        resolve(null);
      }
    });
  });
}

async function serviceWorkerSink(fileName: string, mimeType: string): Promise<SaveSink | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return null;
  let worker: ServiceWorker | null;
  try {
    const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: WORKER_SCOPE });
    worker = await activated(registration, 5000);
  } catch {
    return null;
  }
  if (!worker) return null;
  const id = crypto.randomUUID();
  const channel = new MessageChannel();
  const port = channel.port1;
  let pulls = 0;
  let cancelled = false;
  let waiter: (() => void) | null = null;
  const wakeUp = () => {
    const w = waiter;
    waiter = null;
    w?.();
  };
  const ready = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), 5000);
    port.onmessage = ({ data }: MessageEvent<{ type: string }>) => {
      if (data.type === 'ready') {
        clearTimeout(timer);
        resolve(true);
      } else if (data.type === 'pull') pulls += 1;
      else if (data.type === 'cancel') cancelled = true;
      wakeUp();
    };
  });
  worker.postMessage({ type: 'download', id, fileName, mimeType, disposition: contentDisposition(fileName) }, [channel.port2]);
  if (!(await ready)) {
    port.close();
    return null;
  }
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'Download';
  frame.src = `${WORKER_SCOPE}${id}`;
  document.body.appendChild(frame);
  // A worker may be stopped when idle; a message now and then keeps it alive for long downloads.
  const keepAlive = setInterval(() => worker?.postMessage({ type: 'ping' }), 10_000);
  const finish = () => {
    clearInterval(keepAlive);
    setTimeout(() => frame.remove(), 60_000);
    setTimeout(() => port.close(), 1000);
  };
  let started = false;
  const nextPull = async () => {
    // The worker asks for the first chunk once the frame's request reached it; if it never does
    // (the frame was blocked), fail instead of waiting for ever.
    const deadline = started
      ? null
      : setTimeout(() => {
          cancelled = true;
          wakeUp();
        }, 15_000);
    while (!pulls && !cancelled) await new Promise<void>((resolve) => (waiter = resolve));
    if (deadline) clearTimeout(deadline);
    if (cancelled) throw started ? new StoppedError() : new Error('The download could not start.');
    started = true;
    pulls -= 1;
  };
  return {
    kind: 'service-worker',
    async write(chunk) {
      await nextPull();
      const copy = chunk.slice();
      port.postMessage({ type: 'chunk', chunk: copy.buffer }, [copy.buffer]);
    },
    async close() {
      port.postMessage({ type: 'end' });
      finish();
    },
    async abort() {
      port.postMessage({ type: 'abort' });
      finish();
    },
  };
}

interface FilePickerWindow {
  showSaveFilePicker?: (options: { suggestedName: string; types?: { description: string; accept: Record<string, string[]> }[] }) => Promise<{
    createWritable(): Promise<{ write(chunk: Uint8Array): Promise<void>; close(): Promise<void>; abort(reason?: unknown): Promise<void> }>;
  }>;
}

/** Opens a sink for `fileName`; null when the person closed the save dialog. */
export async function openSaveSink({ fileName, mimeType = 'application/zip', kinds = ['service-worker', 'file-system', 'memory'] }: SaveOptions): Promise<SaveSink | null> {
  if (kinds.includes('service-worker')) {
    const sink = await serviceWorkerSink(fileName, mimeType);
    if (sink) return sink;
  }
  const picker = typeof window !== 'undefined' ? (window as unknown as FilePickerWindow).showSaveFilePicker : undefined;
  if (kinds.includes('file-system') && picker) {
    let writable: Awaited<ReturnType<Awaited<ReturnType<NonNullable<FilePickerWindow['showSaveFilePicker']>>>['createWritable']>>;
    try {
      const extension = fileName.includes('.') ? fileName.slice(fileName.lastIndexOf('.')) : '';
      const handle = await picker({ suggestedName: fileName, types: extension ? [{ description: 'Download', accept: { [mimeType]: [extension] } }] : undefined });
      writable = await handle.createWritable();
    } catch {
      return null;
    }
    return {
      kind: 'file-system',
      write: (chunk) => writable.write(chunk),
      close: () => writable.close(),
      abort: (reason) => writable.abort(reason),
    };
  }
  const parts: Uint8Array[] = [];
  return {
    kind: 'memory',
    async write(chunk) {
      parts.push(chunk.slice());
    },
    async close() {
      const url = URL.createObjectURL(new Blob(parts as BlobPart[], { type: mimeType }));
      parts.length = 0;
      saveBlobUrl(url, fileName);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    async abort() {
      parts.length = 0;
    },
  };
}
