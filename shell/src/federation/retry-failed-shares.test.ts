import retryFailedShares, { forgetFailedShare } from './retry-failed-shares';

jest.mock('@module-federation/runtime-core', () => ({ registerGlobalPlugins: jest.fn() }));

describe('a shared module whose download failed', () => {
  it('is downloaded again on the next request; a loaded one and other modules are left alone', () => {
    const failed = Promise.reject(new Error('ChunkLoadError'));
    failed.catch(() => undefined);
    const inFlight = new Promise(() => undefined);
    const shareScopeMap = {
      default: {
        '@dossier/shared/core/legal': { '0.0.0': { loaded: false, loading: failed } },
        '@dossier/shared/ui': { '0.0.0': { loaded: true, loading: Promise.resolve(() => ({})) } },
        '@dossier/shared/ui/overlays': { '0.0.0': { loaded: false, loading: inFlight } },
      },
    };
    forgetFailedShare(shareScopeMap, '@dossier/shared/core/legal');
    expect(shareScopeMap.default['@dossier/shared/core/legal']['0.0.0'].loading).toBeNull();
    expect(shareScopeMap.default['@dossier/shared/ui']['0.0.0'].loading).toBeInstanceOf(Promise);
    expect(shareScopeMap.default['@dossier/shared/ui/overlays']['0.0.0'].loading).toBe(inFlight);
  });

  it("the runtime plugin forgets it when the runtime reports the failure, and is registered once for the areas' runtimes", () => {
    const { registerGlobalPlugins } = jest.requireMock('@module-federation/runtime-core') as { registerGlobalPlugins: jest.Mock };
    const plugin = retryFailedShares();
    const init = { options: {} };
    plugin.beforeInit?.(init as never);
    plugin.beforeInit?.(init as never);
    expect(registerGlobalPlugins).toHaveBeenCalledTimes(1);
    expect(registerGlobalPlugins).toHaveBeenCalledWith([plugin]);
    const failed = Promise.reject(new Error('ChunkLoadError'));
    failed.catch(() => undefined);
    const shareScopeMap = { default: { '@dossier/shared/core/legal': { '0.0.0': { loaded: false, loading: failed as Promise<unknown> | null } } } };
    plugin.errorLoadShare?.({ pkgName: '@dossier/shared/core/legal', shareScopeMap } as never);
    expect(shareScopeMap.default['@dossier/shared/core/legal']['0.0.0'].loading).toBeNull();
  });
});
