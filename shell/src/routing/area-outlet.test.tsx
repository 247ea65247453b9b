import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CONTRACT_VERSION, DossierServicesProvider, REMOTE_CONTAINERS, type RemoteModule } from '@dossier/shared';
import { ERROR_SCREEN_BUTTONS, ERROR_SCREEN_TITLES, LOADING_TEXT } from '@dossier/shared/core';
import { createFakeServices, fakeAppConfig } from '@dossier/shared/testing';
import { createRemoteAreas, type RemoteLoader } from '../federation/remote-areas';
import { AreasContext } from './areas-context';
import { AreaOutlet } from './area-outlet';

function renderArea(answers: (() => unknown)[], path = '/link/abc') {
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
  const areas = createRemoteAreas(fakeAppConfig(), loader, { host: () => ({ services, auth: () => auth }) });
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

const SharedLink = () => <p>Shared link page</p>;
const documents = (contractVersion: string): RemoteModule => ({ contractVersion, register: (host) => host.addRoutes([{ path: '/link/:hash', Component: SharedLink }]) });

describe('AreaOutlet', () => {
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
