/* Dossier's download streamer (ADR 0161). A separate, tiny service worker whose scope is only
 * /__download/: a page hands it a MessagePort, then opens /__download/<id> in a hidden frame; the
 * worker answers that request with a stream the page fills chunk by chunk, so the browser saves a
 * zip of any size to disk without the page ever holding it. One chunk is in flight at a time: the
 * worker asks ("pull") and the page sends the next. Nothing is cached or kept after the download. */
const pending = new Map();

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type !== 'download' || typeof data.id !== 'string' || !event.ports[0]) return;
  // The page sends the header built by the app's one naming module (contentDisposition); the
  // fallback below only serves a page older than this worker.
  const header = typeof data.disposition === 'string' && /^[\x20-\x7e]+$/.test(data.disposition) ? data.disposition : null;
  pending.set(data.id, { port: event.ports[0], fileName: String(data.fileName || 'download'), disposition: header, mimeType: String(data.mimeType || 'application/octet-stream') });
  event.ports[0].postMessage({ type: 'ready' });
});

function disposition(fileName) {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  const match = /^\/__download\/([A-Za-z0-9-]{8,64})$/.exec(url.pathname);
  if (url.origin !== self.location.origin || !match) return;
  const item = pending.get(match[1]);
  if (!item) {
    event.respondWith(new Response('This download is no longer available.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } }));
    return;
  }
  pending.delete(match[1]);
  const { port } = item;
  let wake = null;
  const body = new ReadableStream(
    {
      start(controller) {
        port.onmessage = ({ data }) => {
          if (data.type === 'chunk') controller.enqueue(new Uint8Array(data.chunk));
          else if (data.type === 'end') controller.close();
          else if (data.type === 'abort') controller.error(new Error('The download was stopped.'));
          if (wake) {
            const resume = wake;
            wake = null;
            resume();
          }
        };
      },
      pull() {
        port.postMessage({ type: 'pull' });
        return new Promise((resolve) => {
          wake = resolve;
        });
      },
      cancel() {
        port.postMessage({ type: 'cancel' });
      },
    },
    { highWaterMark: 1 },
  );
  event.respondWith(
    new Response(body, {
      headers: {
        'Content-Type': item.mimeType,
        'Content-Disposition': item.disposition || disposition(item.fileName),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      },
    }),
  );
});
