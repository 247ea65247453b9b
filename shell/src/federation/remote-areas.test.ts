import { CONTRACT_VERSION, REMOTE_CONTAINERS, contractMajor, type RemoteModule } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { ContractVersionError, RemoteLoadError, SharedVersionError } from '@dossier/shared/core';
import { fakeAppConfig } from '@dossier/shared/testing';
import { createRemoteAreas, type RemoteLoader } from './remote-areas';

const areaModule = (contractVersion = CONTRACT_VERSION): RemoteModule => ({
  contractVersion,
  register: (host) => host.addNav([{ label: 'Documents', path: '/documents' }]),
});

const { auth, ...services } = createFakeServices();
const host = () => ({ services, auth: () => auth });

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
    const areas = createRemoteAreas(fakeAppConfig(), loader, { host });
    const first = await areas.load('documents');
    expect(await areas.load('documents')).toBe(first);
    expect(areas.list().find((s) => s.name === 'documents')).toMatchObject({ state: 'loaded', contractVersion: CONTRACT_VERSION });
  });

  it('refuses a remote built for another contract major, naming both versions', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: areaModule('1.0.0') })] });
    const areas = createRemoteAreas(fakeAppConfig(), loader, { host });
    const error = await areas.load('documents').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractVersionError);
    expect(error).toMatchObject({ area: 'documents', expected: CONTRACT_VERSION, actual: '1.0.0' });
    expect(areas.list().find((s) => s.name === 'documents')?.state).toBe('refused');
  });

  it('judges the remote against the versions the shell was built with', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: areaModule('2.0.0') })] });
    const areas = createRemoteAreas(fakeAppConfig(), loader, { host, shell: { contractVersion: '3.1.0', sharedVersions: {} } });
    await expect(areas.load('documents')).rejects.toMatchObject({ name: 'ContractVersionError', expected: '3.1.0', actual: '2.0.0' });
  });

  it('refuses a remote that requires shared library versions the shell does not provide', async () => {
    const remote = { ...areaModule(), sharedRequirements: { react: '^20.0.0', 'react-dom': '^19.3.1' } };
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: remote })] });
    const shell = { contractVersion: CONTRACT_VERSION, sharedVersions: { react: '19.3.1', 'react-dom': '19.3.1' } };
    const error = await createRemoteAreas(fakeAppConfig(), loader, { host, shell }).load('documents').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SharedVersionError);
    expect((error as SharedVersionError).unmet).toEqual(['react ^20.0.0 (this app has 19.3.1)']);
  });

  it('accepts a newer minor of the same major', async () => {
    const newerMinor = `${contractMajor(CONTRACT_VERSION)}.7.0`;
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: areaModule(newerMinor) })] });
    await expect(createRemoteAreas(fakeAppConfig(), loader, { host }).load('documents')).resolves.toMatchObject({ contractVersion: newerMinor });
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
    const areas = createRemoteAreas(fakeAppConfig(), loader, { host });
    await expect(areas.load('documents')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(areas.list().find((s) => s.name === 'documents')?.state).toBe('failed');
    expect(areas.list().find((s) => s.name === 'portfolios')?.state).toBe('idle');
    await expect(areas.load('documents')).resolves.toBeDefined();
    expect(loader.registered.at(-1)).toEqual({ names: ['dossier_documents'], force: true });
  });

  it("runs the area's register step once, when it loads, and keeps what it registered", async () => {
    const register = jest.fn((areaHost: Parameters<RemoteModule['register']>[0]) => {
      areaHost.addRoutes([{ path: '/documents', Component: () => null }]);
      areaHost.addNav([{ label: 'Documents', path: '/documents' }]);
      areaHost.addPendingOperationHandler('document-upload', async () => undefined);
    });
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: { contractVersion: CONTRACT_VERSION, register } })] });
    const registerHandler = jest.spyOn(services.pendingOperations, 'registerHandler');
    const areas = createRemoteAreas(fakeAppConfig(), loader, { host });
    const registration = await areas.load('documents');
    await areas.load('documents');
    expect(register).toHaveBeenCalledTimes(1);
    expect(registration.routes.map((route) => route.path)).toEqual(['/documents']);
    expect(areas.loaded('documents')?.nav).toEqual([{ label: 'Documents', path: '/documents' }]);
    expect(registerHandler).toHaveBeenCalledWith('document-upload', expect.any(Function));
  });

  it('refuses a contract-1 remote (no register step) by its version, not as a broken module', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.documents}/Module`]: [() => ({ default: { contractVersion: '1.0.0', routes: [], nav: [] } })] });
    await expect(createRemoteAreas(fakeAppConfig(), loader, { host }).load('documents')).rejects.toBeInstanceOf(ContractVersionError);
  });

  it('rejects a module that is not a RemoteModule', async () => {
    const loader = fakeLoader({ [`${REMOTE_CONTAINERS.account}/Module`]: [() => ({ default: { hello: 'world' } })] });
    await expect(createRemoteAreas(fakeAppConfig(), loader, { host }).load('account')).rejects.toBeInstanceOf(RemoteLoadError);
  });
});
