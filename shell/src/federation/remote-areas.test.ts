import { CONTRACT_VERSION, REMOTE_CONTAINERS, type RemoteModule } from '@dossier/shared';
import { ContractVersionError, RemoteLoadError } from '@dossier/shared/core';
import { fakeAppConfig } from '@dossier/shared/testing';
import { createRemoteAreas, type RemoteLoader } from './remote-areas';

const areaModule = (contractVersion = CONTRACT_VERSION): RemoteModule => ({ contractVersion, routes: [], nav: [{ label: 'Documents', path: '/documents' }] });

function fakeLoader(results: Record<string, (() => unknown)[]>): RemoteLoader & { registered: { names: string[]; force: boolean }[] } {
  const registered: { names: string[]; force: boolean }[] = [];
  return {
    registered,
    register: (remotes, force) => registered.push({ names: remotes.map((r) => r.name), force }),
    load: async (id) => {
      const next = results[id]?.shift();
      if (!next) throw new Error(`no answer for ${id}`);
      return next();
    },
  };
}

describe('remote areas', () => {
  it('registers every configured remote from app-config at start, the debug area only when enabled', () => {
    const loader = fakeLoader({});
    createRemoteAreas(fakeAppConfig({ features: { debugRoutes: false } }), loader);
    expect(loader.registered[0]?.names).toEqual(['dossier_documents', 'dossier_portfolios', 'dossier_drive_import', 'dossier_account']);
  });

  it('loads an area once and reports it loaded', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: areaModule() })] });
    const areas = createRemoteAreas(fakeAppConfig(), loader);
    const first = await areas.load('documents');
    expect(await areas.load('documents')).toBe(first);
    expect(areas.list().find((s) => s.name === 'documents')).toMatchObject({ state: 'loaded', contractVersion: CONTRACT_VERSION });
  });

  it('refuses a remote built for another contract major, naming both versions', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: areaModule('2.0.0') })] });
    const areas = createRemoteAreas(fakeAppConfig(), loader);
    const error = await areas.load('documents').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractVersionError);
    expect(error).toMatchObject({ area: 'documents', expected: CONTRACT_VERSION, actual: '2.0.0' });
    expect(areas.list().find((s) => s.name === 'documents')?.state).toBe('refused');
  });

  it('accepts a newer minor of the same major', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: areaModule('1.7.0') })] });
    await expect(createRemoteAreas(fakeAppConfig(), loader).load('documents')).resolves.toMatchObject({ contractVersion: '1.7.0' });
  });

  it('keeps a failure to its area and re-reads the manifest on the next try', async () => {
    const id = `${REMOTE_CONTAINERS.documents}/Module`;
    const loader = fakeLoader({
      [id]: [
        () => {
          throw new Error('Failed to fetch mf-manifest.json');
        },
        () => ({ default: areaModule() }),
      ],
    });
    const areas = createRemoteAreas(fakeAppConfig(), loader);
    await expect(areas.load('documents')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(areas.list().find((s) => s.name === 'documents')?.state).toBe('failed');
    expect(areas.list().find((s) => s.name === 'portfolios')?.state).toBe('idle');
    await expect(areas.load('documents')).resolves.toBeDefined();
    expect(loader.registered.at(-1)).toEqual({ names: ['dossier_documents'], force: true });
  });

  it('rejects a module that is not a RemoteModule', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.account}/Module`]: [() => ({ default: { hello: 'world' } })] });
    await expect(createRemoteAreas(fakeAppConfig(), loader).load('account')).rejects.toBeInstanceOf(RemoteLoadError);
  });
});
