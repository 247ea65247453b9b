import { createLazyRealtimeClient } from './lazy-realtime';

/** A stand-in for realtime-js's RealtimeClient that records what the lazy client does with it. */
function fakeRealtime() {
  const log: string[] = [];
  class FakeChannel {
    constructor(readonly topic: string) {}
    on(type: string, filter: { event: string }) {
      log.push(`on ${this.topic} ${type} ${filter.event}`);
      return this;
    }
    subscribe(callback?: (status: string) => void) {
      log.push(`subscribe ${this.topic}`);
      callback?.('SUBSCRIBED');
      return this;
    }
    async unsubscribe() {
      log.push(`unsubscribe ${this.topic}`);
      return 'ok' as const;
    }
  }
  class FakeClient {
    constructor(endPoint: string) {
      log.push(`new client ${endPoint}`);
    }
    async setAuth(token?: string | null) {
      log.push(`setAuth ${token ?? 'none'}`);
    }
    channel(topic: string) {
      return new FakeChannel(topic);
    }
    async removeChannel(channel: FakeChannel) {
      return channel.unsubscribe();
    }
  }
  let loads = 0;
  const load = async () => {
    loads++;
    return { RealtimeClient: FakeClient } as never;
  };
  return { log, load, loads: () => loads };
}

describe('the lazy Realtime client', () => {
  it('fetches nothing for token changes and unsubscribed channels', async () => {
    const fake = fakeRealtime();
    const client = new (createLazyRealtimeClient(fake.load))('ws://host/realtime/v1');
    await client.setAuth('token-1');
    const channel = client.channel('room').on('broadcast', { event: 'x' });
    expect(client.getChannels()).toEqual([channel]);
    expect(await client.removeChannel(channel)).toBe('ok');
    expect(fake.loads()).toBe(0);
    expect(fake.log).toEqual([]);
  });

  it('on the first subscription builds the real client with the latest token and replays the listeners', async () => {
    const fake = fakeRealtime();
    const client = new (createLazyRealtimeClient(fake.load))('ws://host/realtime/v1');
    await client.setAuth('token-1');
    await client.setAuth('token-2');
    const statuses: string[] = [];
    const channel = client.channel('room').on('postgres_changes', { event: 'INSERT' });
    channel.subscribe((status) => statuses.push(status));
    await channel.connect();
    expect(statuses).toEqual(['SUBSCRIBED']);
    // Later listeners and tokens go straight to the real ones.
    channel.on('broadcast', { event: 'ping' });
    await client.setAuth(null);
    expect(await client.removeChannel(channel)).toBe('ok');
    expect(fake.log).toEqual(['new client ws://host/realtime/v1', 'setAuth token-2', 'on room postgres_changes INSERT', 'subscribe room', 'on room broadcast ping', 'setAuth none', 'unsubscribe room']);
    expect(fake.loads()).toBe(1);
  });

  it('reports a failed fetch of realtime-js to the subscriber', async () => {
    const client = new (createLazyRealtimeClient(() => Promise.reject(new TypeError('Failed to fetch'))))('ws://host');
    const statuses: string[] = [];
    client.channel('room').subscribe((status, error) => statuses.push(`${status} ${error?.message}`));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(statuses).toEqual(['CHANNEL_ERROR Failed to fetch']);
  });
});
