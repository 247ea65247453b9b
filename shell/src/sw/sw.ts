/**
 * Dossier's service worker, built by Workbox's InjectManifest (shell/webpack.config.cjs) into
 * /sw.js. What it does and why is in docs/offline.md; SPEC §7 names the
 * message protocol and the API fallback cache.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { setCacheNameDetails } from 'workbox-core';
import { SW_CACHES, SW_CACHE_VERSION, type PageToWorkerMessage, type WorkerToPageMessage } from '../features/pwa/sw-messages';
import { newId, openOfflineDb } from '../features/pending-operations/offline-db';
import { apiCacheKey, isAuthRequest, isFederationEntry, isHashedAsset, keepsOfflineAnswer } from './api-cache-key';
import { cacheWhenUnreachable, dossierReachability } from './offline-fallback';
import { precacheRemoteEntries } from './precache-remotes';
import { cacheMissing, remoteFileUrls, type FederationManifest } from './remote-files';
import type { ExtendableMessageEvent, WorkerScope } from './worker-scope';

const sw = self as unknown as WorkerScope;

setCacheNameDetails({ prefix: 'dossier', precache: 'precache', suffix: SW_CACHE_VERSION, runtime: 'runtime' });

// The shell's own build output (hashed files + index.html), minus what must never be stale.
precacheAndRoute(((self as unknown as WorkerScope).__WB_MANIFEST).filter((entry) => !/(?:app-config|mf-manifest|mf-stats)\.json$/.test(entry.url)));
cleanupOutdatedCaches();

// Every shell route is the single-page app; offline it still opens from the precache.
// POST /share-handler is not a navigation GET, so the share target below still sees it.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')));

/**
 * A cached answer is used only when Dossier is out of reach (offline-fallback.ts): the browser says
 * offline, or the shell's own origin does not answer either. A remote that is down while Dossier
 * answers must fail as itself (its area shows the error screen), never come back stale.
 */
const whenUnreachable = cacheWhenUnreachable(
  dossierReachability(sw.location.origin, { isOnline: () => (self as unknown as { navigator: Navigator }).navigator.onLine }),
);

const postToClients = async (message: WorkerToPageMessage) => {
  for (const client of await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })) client.postMessage(message);
};

// Runtime config and federation manifests: always the network's answer; the cache only offline.
registerRoute(({ url }) => url.pathname === '/app-config.json', new NetworkFirst({ cacheName: SW_CACHES.config, plugins: [whenUnreachable] }));

/**
 * A remote whose manifest the page fetched is an area the person uses: everything its manifest
 * names — what it loads later too (the upload's checks, a dialog) — is kept, so a tab opened
 * offline can do there what it could online (issue 21 §1). By URL kind, from the manifest: no
 * file list is kept here.
 */
const keepUsedRemote = {
  fetchDidSucceed: async ({ request, response, event }: { request: Request; response: Response; event?: { waitUntil(promise: Promise<unknown>): void } }) => {
    if (response.ok && new URL(request.url).pathname.endsWith('/mf-manifest.json')) {
      const copy = response.clone();
      const work = (async () => {
        const manifest = (await copy.json()) as FederationManifest;
        await cacheMissing(await caches.open(SW_CACHES.remoteChunks), remoteFileUrls(request.url, manifest, { later: true }));
      })().catch(() => undefined);
      event?.waitUntil(work);
    }
    return response;
  },
};
registerRoute(({ url }) => isFederationEntry(url), new NetworkFirst({ cacheName: SW_CACHES.remoteEntries, plugins: [whenUnreachable, keepUsedRemote] }));

// The remotes' hashed chunks, from their own origins.
registerRoute(
  ({ url, request }) => url.origin !== sw.location.origin && request.method === 'GET' && isHashedAsset(url),
  new CacheFirst({ cacheName: SW_CACHES.remoteChunks, plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })] }),
);

// Auth never comes from a cache.
registerRoute(({ url }) => isAuthRequest(url), new NetworkOnly(), 'GET');
registerRoute(({ url }) => isAuthRequest(url), new NetworkOnly(), 'POST');

// SPEC §7: data API GETs, network first, answered from the versioned fallback cache offline —
// except a question about the server's present state (the duplicate check before an upload):
// no route takes it, so it goes to the network as the page sent it and is never stored here.
registerRoute(
  ({ url, request }) => keepsOfflineAnswer(request, url),
  new NetworkFirst({
    cacheName: SW_CACHES.apiFallback,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => apiCacheKey(request) },
      whenUnreachable,
      { cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null) },
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 14 * 24 * 3600 }),
    ],
  }),
);

// Web Share Target: files shared from the device, kept in IndexedDB until the upload takes them.
registerRoute(
  ({ url }) => url.origin === sw.location.origin && url.pathname === '/share-handler',
  async ({ request }) => {
    const form = await request.formData();
    const text = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' && value ? value : undefined;
    };
    const files = form.getAll('files').filter((value): value is File => typeof value !== 'string' && value.size > 0);
    const id = newId();
    const db = await openOfflineDb();
    await db.put('shared-items', { id, receivedAt: Date.now(), title: text('title'), text: text('text'), url: text('url'), files });
    db.close();
    return Response.redirect(`/share-handler?shared=${encodeURIComponent(id)}`, 303);
  },
  'POST',
);

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await precacheRemoteEntries(sw.location.origin, { config: SW_CACHES.config, entries: SW_CACHES.remoteEntries, chunks: SW_CACHES.remoteChunks });
      // A worker already controls the page: this one waits until the person chooses to reload.
      if (sw.registration.active) await postToClients({ type: 'SW_UPDATE_AVAILABLE', version: SW_CACHE_VERSION });
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  const keep = new Set<string>(Object.values(SW_CACHES));
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('dossier-') && !keep.has(name) && !name.startsWith('dossier-precache-')) await caches.delete(name);
      }
      await sw.clients.claim();
    })(),
  );
});

async function pendingCount(): Promise<number> {
  const db = await openOfflineDb();
  try {
    return await db.count('pending-operations');
  } finally {
    db.close();
  }
}

// Background sync: the page holds the handlers (they need its signed-in supabase client), so the
// worker wakes every open Dossier window to replay; with none open, the queue waits for the next start.
sw.addEventListener('sync', (event) => {
  event.waitUntil(pendingCount().then((pending) => postToClients({ type: 'BACKGROUND_SYNC_RESULT', tag: event.tag, pending })));
});

async function clearAuthCache(): Promise<number> {
  let removed = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (isAuthRequest(new URL(request.url)) && (await cache.delete(request))) removed += 1;
    }
  }
  return removed;
}

async function countAuthCache(): Promise<number> {
  let count = 0;
  for (const name of await caches.keys()) {
    count += (await (await caches.open(name)).keys()).filter((request) => isAuthRequest(new URL(request.url))).length;
  }
  return count;
}

async function handleMessage(event: ExtendableMessageEvent): Promise<void> {
  const message = event.data as PageToWorkerMessage | undefined;
  const reply = (answer: WorkerToPageMessage) => (event.ports[0] ?? event.source)?.postMessage(answer);
  switch (message?.type) {
    case 'SKIP_WAITING':
      await sw.skipWaiting();
      return;
    case 'REGISTER_BACKGROUND_SYNC': {
      const supported = Boolean(sw.registration.sync);
      if (supported) await sw.registration.sync?.register(message.tag);
      reply({ type: 'BACKGROUND_SYNC_REGISTERED', tag: message.tag, supported });
      return;
    }
    case 'STORE_PENDING_OPERATION': {
      const db = await openOfflineDb();
      const { operation } = message;
      await db.put('pending-operations', {
        payload: undefined,
        ...operation,
        id: operation.id ?? newId(),
        timestamp: operation.timestamp ?? Date.now(),
        retryCount: operation.retryCount ?? 0,
      });
      db.close();
      return;
    }
    case 'CLEAR_OAUTH_CACHE':
      reply({ type: 'OAUTH_CACHE_CLEARED', removed: await clearAuthCache() });
      return;
    case 'OAUTH_HEALTH_CHECK': {
      const cachedAuthResponses = await countAuthCache();
      reply({ type: 'OAUTH_HEALTH_STATUS', healthy: cachedAuthResponses === 0, cachedAuthResponses, version: SW_CACHE_VERSION });
      return;
    }
    default:
  }
}

sw.addEventListener('message', (event) => event.waitUntil(handleMessage(event)));
