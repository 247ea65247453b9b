import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CONTRACT_VERSION, DossierServicesProvider, REMOTE_CONTAINERS, type RemoteModule } from '@dossier/shared';
import { ERROR_SCREEN_BUTTONS, ERROR_SCREEN_TITLES, LOADING_TEXT } from '@dossier/shared/core';
import { createFakeServices, fakeAppConfig } from '@dossier/shared/testing';
import { lazyPage } from '@dossier/shared/ui';
import { createRemoteAreas, type RemoteLoader } from '../federation/remote-areas';
import { AreasContext } from './areas-context';
import { AreaOutlet } from './area-outlet';

function areasAnswering(answers: (() => unknown)[]) {
  const loader: RemoteLoader = {
    register: () => undefined,
    load: async (id) => {
      expect(id).toBe(`${REMOTE_CONTAINERS.documents}/Module`);
      const next = answers.shift();
      if (!next) throw new Error('no answer');
      return next();
    },
  };
  const { auth, ...services } = createFakeServices();
  return createRemoteAreas(fakeAppConfig(), loader, { host: () => ({ services, auth: () => auth }) });
}

function renderOutlet(areas: ReturnType<typeof createRemoteAreas>, path = '/link/abc') {
  render(
    <AreasContext.Provider value={areas}>
      <DossierServicesProvider services={createFakeServices({ auth: { status: 'signed-in' } })}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/link/:hash" element={<AreaOutlet area="documents" pattern="/link/:hash" />} />
          </Routes>
        </MemoryRouter>
      </DossierServicesProvider>
    </AreasContext.Provider>,
  );
}

const renderArea = (answers: (() => unknown)[], path?: string) => renderOutlet(areasAnswering(answers), path);

const SharedLink = () => <p>Shared link page</p>;
const documents = (contractVersion: string): RemoteModule => ({ contractVersion, register: (host) => host.addRoutes([{ path: '/link/:hash', Component: SharedLink }]) });

const withPage = (Page: React.ComponentType): RemoteModule => ({
  contractVersion: CONTRACT_VERSION,
  register: (host) => host.addRoutes([{ path: '/link/:hash', Component: Page }]),
});

describe('AreaOutlet', () => {
  it("draws the area once its page's code is in, so the page never suspends (React would hold it back up to 300 ms, ADR 0490)", async () => {
    let arrive!: (page: { default: React.ComponentType }) => void;
    const load = jest.fn(() => new Promise<{ default: React.ComponentType }>((resolve) => (arrive = resolve)));
    renderArea([() => ({ default: withPage(lazyPage(load)) })]);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1)); // asked for as soon as the area answered
    await new Promise((resolve) => setTimeout(resolve, 10));
    // The wait is the outlet's own, not a Suspense fallback inside the drawn area.
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
    expect(document.querySelector('[data-area-outlet]')).toBeNull();
    arrive({ default: SharedLink });
    expect(await screen.findByText('Shared link page')).toBeInTheDocument();
  });

  it("waits for the page's code when the area itself is in already (started beside the shell's boot)", async () => {
    let arrive!: (page: { default: React.ComponentType }) => void;
    const Page = lazyPage(() => new Promise((resolve) => (arrive = resolve)));
    const areas = areasAnswering([() => ({ default: withPage(Page) })]);
    await areas.load('documents');
    renderOutlet(areas);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
    expect(document.querySelector('[data-area-outlet]')).toBeNull();
    arrive({ default: SharedLink });
    expect(await screen.findByText('Shared link page')).toBeInTheDocument();
  });

  it('draws an area whose page is in at once, in the first render', async () => {
    const Page = lazyPage(async () => ({ default: SharedLink }));
    const areas = areasAnswering([() => ({ default: withPage(Page) })]);
    await areas.load('documents');
    await Page.preload();
    renderOutlet(areas);
    expect(screen.getByText('Shared link page')).toBeInTheDocument();
  });

  it("still draws the area when its page's code fails, and the page's failure shows in the area", async () => {
    const Page = lazyPage(() => Promise.reject(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderArea([() => ({ default: withPage(Page) })]);
    expect(await screen.findByText('The Documents area could not show this page.')).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it("shows 'Loading...' and then the area's page", async () => {
    renderArea([() => ({ default: documents(CONTRACT_VERSION) })]);
    expect(screen.getByText(LOADING_TEXT)).toBeInTheDocument();
    expect(await screen.findByText('Shared link page')).toBeInTheDocument();
  });

  it('refuses a remote of another contract major with a screen naming the area and both versions', async () => {
    renderArea([() => ({ default: documents('1.0.0') })]);
    expect(await screen.findByText(`The Documents area (documents) was built for contract version 1.0.0; this app needs version ${CONTRACT_VERSION}.`, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain })).toBeNull();
  });

  it("shows the error screen when the remote cannot be loaded, and 'Try Again' loads it once it is back", async () => {
    renderArea([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => ({ default: documents(CONTRACT_VERSION) }),
    ]);
    expect(await screen.findByRole('heading', { name: ERROR_SCREEN_TITLES.network })).toBeInTheDocument();
    expect(screen.getByText('The Documents area could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: ERROR_SCREEN_BUTTONS.tryAgain }));
    expect(await screen.findByText('Shared link page')).toBeInTheDocument();
  });
});
