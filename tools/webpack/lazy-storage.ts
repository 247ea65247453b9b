// What the shell's build gives supabase-js for '@supabase/storage-js' (ADR 0488), as
// lazy-realtime.ts does for realtime-js: the same client, but storage-js itself (and iceberg-js
// under it, ~7 KB gzip) is fetched with the first Storage call, not in every page's boot. No
// first row needs it: the library's first page is rows from the database; thumbnails, downloads
// and uploads come after. supabase-js builds its StorageClient in its constructor and only calls
// `from(bucket)` and the bucket methods on it, so this keeps the constructor's arguments and
// builds the real client when a call needs it.
import type { StorageClient as RealClient } from '@supabase/storage-js';

type RealFileApi = ReturnType<RealClient['from']>;
type RealModule = { StorageClient: new (...args: ConstructorParameters<typeof RealClient>) => RealClient };
type Loader = () => Promise<RealModule>;

/**
 * The file API's calls, each answered by the real bucket's (all asynchronous, or thenable as
 * `download` is). lazy-storage.test.ts fails when storage-js gains or loses one.
 */
export const FILE_CALLS = [
  'upload',
  'uploadToSignedUrl',
  'createSignedUploadUrl',
  'update',
  'move',
  'copy',
  'createSignedUrl',
  'createSignedUrls',
  'download',
  'info',
  'exists',
  'remove',
  'purgeCache',
  'list',
  'listV2',
] as const satisfies readonly (keyof RealFileApi)[];

/** The bucket calls of the client itself, likewise (Dossier makes none; the stack's tests do). */
export const BUCKET_CALLS = [
  'listBuckets',
  'getBucket',
  'createBucket',
  'updateBucket',
  'emptyBucket',
  'deleteBucket',
  'getBucketLifecycle',
  'updateBucketLifecycle',
  'deleteBucketLifecycle',
  'purgeBucketCache',
] as const satisfies readonly (keyof RealClient)[];

type Call = { name: string; args: unknown[] };
type Replayable = { throwOnError(): unknown; setHeader(name: string, value: string): unknown };

/** `throwOnError()` and `setHeader()` return the object itself: recorded, and made on the real one. */
function replay<T extends Replayable>(real: T, calls: readonly Call[]): T {
  for (const { name, args } of calls) (real[name as keyof Replayable] as (...a: unknown[]) => unknown)(...args);
  return real;
}

/** The stand-ins' shared part: the recorded settings, and the asynchronous calls passed on. */
abstract class Recording {
  protected readonly settings: Call[] = [];

  /** Gives this object each named call: it waits for the real object and answers as it does ({ data, error }). */
  protected passOn(names: readonly string[], real: () => Promise<object>): void {
    for (const name of names) {
      Object.defineProperty(this, name, { value: async (...args: unknown[]) => ((await real()) as Record<string, (...a: unknown[]) => unknown>)[name]!(...args) });
    }
  }

  throwOnError(): this {
    this.settings.push({ name: 'throwOnError', args: [] });
    return this;
  }

  setHeader(name: string, value: string): this {
    this.settings.push({ name: 'setHeader', args: [name, value] });
    return this;
  }
}

export function createLazyStorageClient(load: Loader) {
  class LazyFileApi extends Recording {
    constructor(
      private readonly client: LazyStorageClient,
      readonly bucketId: string,
    ) {
      super();
      this.passOn(FILE_CALLS, () => this.real());
    }

    private async real(): Promise<RealFileApi> {
      return replay((await this.client.real()).from(this.bucketId), this.settings);
    }

    /** Synchronous in storage-js: answered only once storage-js is here (Dossier has no public bucket). */
    getPublicUrl(...args: Parameters<RealFileApi['getPublicUrl']>): ReturnType<RealFileApi['getPublicUrl']> {
      const built = this.client.built;
      if (!built) throw new Error('getPublicUrl is answered once storage-js is loaded, with the first Storage call (tools/webpack/lazy-storage.ts)');
      return replay(built.from(this.bucketId), this.settings).getPublicUrl(...args);
    }
  }

  class LazyStorageClient extends Recording {
    private client?: Promise<RealClient>;
    /** The real client, once a call has built it. */
    built?: RealClient;
    private readonly args: ConstructorParameters<typeof RealClient>;

    constructor(...args: ConstructorParameters<typeof RealClient>) {
      super();
      this.args = args;
      this.passOn(BUCKET_CALLS, () => this.real());
    }

    /** The real client (fetching storage-js the first time); a failed fetch is tried again by the next call. */
    real(): Promise<RealClient> {
      this.client ??= load().then(
        (module) => {
          this.built = replay(new module.StorageClient(...this.args), this.settings);
          return this.built;
        },
        (error: unknown) => {
          this.client = undefined;
          throw error;
        },
      );
      return this.client;
    }

    from(bucketId: string): LazyFileApi {
      return new LazyFileApi(this, bucketId);
    }
  }

  return LazyStorageClient;
}

const loadStorage: Loader = () => import(/* webpackChunkName: "storage" */ '@supabase/storage-js/dist/index.mjs') as Promise<RealModule>;

export const StorageClient = createLazyStorageClient(loadStorage);

/**
 * supabase-js re-exports storage-js's StorageApiError. Its errors are storage-js's own (fetched
 * later), so `instanceof` here recognises them by the marker and name storage-js gives them.
 */
export class StorageApiError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { __isStorageError?: unknown }).__isStorageError === true && (value as Error).name === 'StorageApiError';
  }
}
