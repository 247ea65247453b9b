/** @jest-environment node */
import { cacheWhenUnreachable, dossierReachability } from './offline-fallback';

const cached = () => new Response('{"cached":true}');

describe('dossierReachability', () => {
  it('is unreachable when the browser says offline, without asking the network', async () => {
    const fetcher = jest.fn();
    expect(await dossierReachability('https://app.example', { fetcher, isOnline: () => false })()).toBe(false);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('is unreachable when the browser says online but the shell origin does not answer (DevTools offline, captive portal)', async () => {
    const fetcher = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await dossierReachability('https://app.example', { fetcher, isOnline: () => true })()).toBe(false);
    expect(fetcher).toHaveBeenCalledWith('https://app.example/app-config.json', { method: 'HEAD', cache: 'no-store' });
  });

  it('is reachable when the shell origin answers, whatever the status', async () => {
    const fetcher = jest.fn(async () => new Response(null, { status: 503 }));
    expect(await dossierReachability('https://app.example', { fetcher, isOnline: () => true })()).toBe(true);
  });
});

describe('cacheWhenUnreachable', () => {
  it('answers from the cache when Dossier is out of reach', async () => {
    const response = cached();
    expect(await cacheWhenUnreachable(async () => false).cachedResponseWillBeUsed({ cachedResponse: response })).toBe(response);
  });

  it('never answers from the cache while Dossier is reachable: a remote that is down fails as itself', async () => {
    expect(await cacheWhenUnreachable(async () => true).cachedResponseWillBeUsed({ cachedResponse: cached() })).toBeNull();
  });

  it('has nothing to give when nothing was cached', async () => {
    const reachable = jest.fn(async () => false);
    expect(await cacheWhenUnreachable(reachable).cachedResponseWillBeUsed({})).toBeNull();
    expect(reachable).not.toHaveBeenCalled();
  });
});
