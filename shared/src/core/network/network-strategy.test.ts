import { currentNetworkStrategy, networkStrategy, preload } from './network-strategy';

describe('networkStrategy (SPEC §9)', () => {
  const low = { quality: 'low', preload: false, preloadTimeout: 5000 };
  const medium = { quality: 'medium', preload: true, preloadTimeout: 5000 };
  const high = { quality: 'high', preload: true, preloadTimeout: 5000 };

  it.each([
    ['2g', { effectiveType: '2g', downlink: 10 }],
    ['slow-2g', { effectiveType: 'slow-2g' }],
    ['under 0.5 Mbps', { effectiveType: '4g', downlink: 0.45 }],
    ['data saver', { effectiveType: '4g', downlink: 10, saveData: true }],
  ])('a slow link (%s) gives low quality and no preloading', (_name, connection) => {
    expect(networkStrategy(connection)).toEqual(low);
  });

  it('offline is slow', () => {
    expect(networkStrategy({ effectiveType: '4g', downlink: 10 }, false)).toEqual(low);
  });

  it('3g or under 1.5 Mbps gives medium', () => {
    expect(networkStrategy({ effectiveType: '3g', downlink: 5 })).toEqual(medium);
    expect(networkStrategy({ effectiveType: '4g', downlink: 1.4 })).toEqual(medium);
    expect(networkStrategy({ downlink: 0.5 })).toEqual(medium);
  });

  it('anything faster, or an unknown connection, gives high with preloading', () => {
    expect(networkStrategy({ effectiveType: '4g', downlink: 1.5 })).toEqual(high);
    expect(networkStrategy(undefined)).toEqual(high);
  });

  it('reads navigator.connection and navigator.onLine', () => {
    expect(currentNetworkStrategy({ onLine: true, connection: { effectiveType: '2g' } } as unknown as Navigator).quality).toBe('low');
    expect(currentNetworkStrategy({ onLine: false } as unknown as Navigator).quality).toBe('low');
    expect(currentNetworkStrategy({ onLine: true } as unknown as Navigator).quality).toBe('high');
  });
});

describe('preload', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is skipped on a slow link', async () => {
    const load = jest.fn(async () => 'entry');
    await expect(preload(load, networkStrategy({ effectiveType: '2g' }))).resolves.toEqual({ status: 'skipped' });
    expect(load).not.toHaveBeenCalled();
  });

  it('gives the loaded value', async () => {
    await expect(preload(async () => 'entry', networkStrategy(undefined))).resolves.toEqual({ status: 'loaded', value: 'entry' });
  });

  it('stops waiting after 5 s', async () => {
    const result = preload(() => new Promise<string>(() => undefined), networkStrategy(undefined));
    await jest.advanceTimersByTimeAsync(4999);
    let settled = false;
    void result.then(() => (settled = true));
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toEqual({ status: 'timed-out' });
  });

  it('reports a failed load instead of throwing', async () => {
    const error = new Error('remote down');
    await expect(preload(async () => Promise.reject(error), networkStrategy(undefined))).resolves.toEqual({ status: 'failed', error });
  });
});
