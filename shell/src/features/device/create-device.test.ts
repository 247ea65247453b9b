import { createMetricStore } from '@dossier/shared/core/vitals';
import { createDevice } from './create-device';

describe('createDevice', () => {
  beforeEach(() => sessionStorage.clear());

  it('offers the recorded, rated metrics through DeviceApi.metrics()', () => {
    const metricStore = createMetricStore();
    const { api } = createDevice({ metricStore, measure: false });
    metricStore.record({ name: 'LCP', value: 4200 });
    expect(api.metrics()).toEqual([expect.objectContaining({ name: 'LCP', rating: 'poor' })]);
  });

  it('reports the SPEC §9 network strategy and online state', () => {
    const { api } = createDevice({ measure: false });
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '2g', downlink: 0.2 } });
    expect(api.network()).toEqual({ quality: 'low', preload: false, preloadTimeout: 5000 });
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '4g', downlink: 10 } });
    expect(api.network().preload).toBe(true);
    expect(api.isOnline()).toBe(true);
  });

  it('reports feature support and never notifies without permission', async () => {
    const { api } = createDevice({ measure: false });
    expect(api.features()).toEqual(expect.objectContaining({ share: false, geolocation: false, indexedDb: expect.any(Boolean) }));
    await expect(api.notify('Passport expires soon')).resolves.toBe(false);
  });

  it('mounts the global overlays', () => {
    expect(createDevice({ measure: false }).Overlay?.name).toBe('Overlays');
  });
});
