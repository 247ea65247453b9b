// What the shell's build gives supabase-js for '@supabase/realtime-js' (ADR 0186): the same
// names, but the Realtime client (realtime-js and its phoenix transport, ~18 KB gzip) is fetched
// only when a channel is subscribed. Dossier subscribes to none today, so no page pays for it;
// supabase-js creates its RealtimeClient eagerly and calls setAuth on every token change, which
// this keeps (and hands on once the real client exists).
import type { RealtimeChannel as RealChannel, RealtimeClient as RealClient, RealtimeChannelOptions } from '@supabase/realtime-js';

type RealModule = { RealtimeClient: new (endPoint: string, options?: object) => RealClient };
type Loader = () => Promise<RealModule>;
type SubscribeCallback = (status: string, error?: Error) => void;

// The enums supabase-js re-exports (`export * from '@supabase/realtime-js'`), same values.
export const REALTIME_LISTEN_TYPES = { BROADCAST: 'broadcast', PRESENCE: 'presence', POSTGRES_CHANGES: 'postgres_changes', SYSTEM: 'system' } as const;
export const REALTIME_POSTGRES_CHANGES_LISTEN_EVENT = { ALL: '*', INSERT: 'INSERT', UPDATE: 'UPDATE', DELETE: 'DELETE' } as const;
export const REALTIME_SUBSCRIBE_STATES = { SUBSCRIBED: 'SUBSCRIBED', TIMED_OUT: 'TIMED_OUT', CLOSED: 'CLOSED', CHANNEL_ERROR: 'CHANNEL_ERROR' } as const;
export const REALTIME_CHANNEL_STATES = { closed: 'closed', errored: 'errored', joined: 'joined', joining: 'joining', leaving: 'leaving' } as const;
export const REALTIME_PRESENCE_LISTEN_EVENTS = { SYNC: 'sync', JOIN: 'join', LEAVE: 'leave' } as const;

/** A channel that records `on(...)` until `subscribe` has fetched realtime-js, then is the real one. */
export class LazyRealtimeChannel {
  private calls: unknown[][] = [];
  private real?: RealChannel;
  private ready?: Promise<RealChannel>;

  constructor(
    private readonly client: LazyClient,
    readonly topic: string,
    private readonly options?: RealtimeChannelOptions,
  ) {}

  on(...args: unknown[]): this {
    if (this.real) (this.real.on as (...a: unknown[]) => unknown)(...args);
    else this.calls.push(args);
    return this;
  }

  subscribe(callback?: SubscribeCallback, timeout?: number): this {
    this.connect().then(
      (real) => real.subscribe(callback, timeout),
      (error: unknown) => callback?.(REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR, error instanceof Error ? error : new Error(String(error))),
    );
    return this;
  }

  async send(...args: Parameters<RealChannel['send']>) {
    return (await this.connect()).send(...args);
  }

  async track(...args: Parameters<RealChannel['track']>) {
    return (await this.connect()).track(...args);
  }

  async untrack(...args: Parameters<RealChannel['untrack']>) {
    return (await this.connect()).untrack(...args);
  }

  /** Whether `subscribe` (or send/track) has asked for the real channel. */
  get connected(): boolean {
    return this.ready !== undefined;
  }

  presenceState() {
    return this.real?.presenceState() ?? {};
  }

  async unsubscribe(timeout?: number): Promise<Awaited<ReturnType<RealChannel['unsubscribe']>>> {
    if (!this.ready) return 'ok';
    return (await this.ready).unsubscribe(timeout);
  }

  /** The real channel (fetching realtime-js the first time), with the recorded `on` calls. */
  connect(): Promise<RealChannel> {
    this.ready ??= this.client.real().then((client) => {
      const real = client.channel(this.topic, this.options);
      for (const args of this.calls) (real.on as (...a: unknown[]) => unknown)(...args);
      this.calls = [];
      this.real = real;
      return real;
    });
    return this.ready;
  }
}

interface LazyClient {
  real(): Promise<RealClient>;
}

/** supabase-js's `realtime`: the real RealtimeClient is built on the first subscription. */
export function createLazyRealtimeClient(load: Loader) {
  return class RealtimeClient implements LazyClient {
    private channels: LazyRealtimeChannel[] = [];
    private client?: Promise<RealClient>;
    private token: { value: string | null | undefined } | undefined;
    private built?: RealClient;

    constructor(
      private readonly endPoint: string,
      private readonly options?: object,
    ) {}

    real(): Promise<RealClient> {
      this.client ??= load().then((module) => {
        const client = new module.RealtimeClient(this.endPoint, this.options);
        if (this.token) void client.setAuth(this.token.value);
        this.built = client;
        return client;
      });
      return this.client;
    }

    async setAuth(token?: string | null): Promise<void> {
      this.token = { value: token };
      if (this.built) await this.built.setAuth(token);
    }

    channel(name: string, options?: RealtimeChannelOptions): LazyRealtimeChannel {
      const channel = new LazyRealtimeChannel(this, name, options);
      this.channels.push(channel);
      return channel;
    }

    getChannels(): LazyRealtimeChannel[] {
      return this.channels;
    }

    async removeChannel(channel: LazyRealtimeChannel) {
      this.channels = this.channels.filter((c) => c !== channel);
      // Never subscribed: nothing was fetched or opened.
      if (!channel.connected) return 'ok';
      const [client, real] = await Promise.all([this.real(), channel.connect()]);
      return client.removeChannel(real);
    }

    async removeAllChannels() {
      return Promise.all([...this.channels].map((channel) => this.removeChannel(channel)));
    }
  };
}

const loadRealtime: Loader = () => import(/* webpackChunkName: "realtime" */ '@supabase/realtime-js/dist/module/index.js') as Promise<RealModule>;

export const RealtimeClient = createLazyRealtimeClient(loadRealtime);

/** Classes nobody constructs directly in Dossier: they say where the real ones are. */
function unavailable(name: string) {
  return function Unavailable() {
    throw new Error(`${name} is loaded with the first subscription: use supabase.channel(...) (tools/webpack/lazy-realtime.ts)`);
  };
}
export const RealtimeChannel = unavailable('RealtimeChannel');
export const RealtimePresence = unavailable('RealtimePresence');
export const RealtimePostgresFilterBuilder = unavailable('RealtimePostgresFilterBuilder');
export const WebSocketFactory = unavailable('WebSocketFactory');
export const postgresChangesFilter = unavailable('postgresChangesFilter');
