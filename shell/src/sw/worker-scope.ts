/**
 * The few service-worker types the worker uses. The shell type-checks with the DOM library
 * (WebWorker's conflicts with it), so these mirror lib.webworker.d.ts for what we touch.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}

export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
  readonly source: { postMessage(message: unknown): void } | null;
}

export interface WindowClient {
  postMessage(message: unknown): void;
}

export interface WorkerScope {
  readonly registration: ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  readonly clients: {
    matchAll(options?: { type?: 'window' | 'all'; includeUncontrolled?: boolean }): Promise<WindowClient[]>;
    claim(): Promise<void>;
  };
  readonly location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
  /** Filled by workbox-webpack-plugin's InjectManifest at build time. */
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
}
