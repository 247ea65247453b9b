/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DossierServicesProvider, type DossierServices, type PendingOperation } from '@dossier/shared/contract';
import { DashboardPage } from './dashboard-page';
import { DASHBOARD_WIDGETS } from './dashboard-widgets';

function renderDashboard(queued: PendingOperation[], createdAt = '2020-01-01T00:00:00Z') {
  const services = {
    auth: { status: 'signed-in', user: { id: 'u1', email: 'ada@example.com', name: 'Ada' }, session: { user: { id: 'u1', created_at: createdAt } } },
    pendingOperations: { subscribe: (listener: (ops: PendingOperation[]) => void) => (listener(queued), () => undefined) },
    widgets: { get: () => () => <p>widget</p>, load: jest.fn(), names: () => [] },
  } as unknown as DossierServices;
  return render(
    <DossierServicesProvider services={services}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </DossierServicesProvider>,
  );
}

const upload = (id: string): PendingOperation => ({ id, type: 'document-upload', timestamp: 1, retryCount: 0, payload: {} });

describe('DashboardPage', () => {
  beforeEach(() => localStorage.clear());

  it('says "Welcome" on the first visit of a new account, and "Welcome back" on the next', () => {
    const first = renderDashboard([], new Date().toISOString());
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Ada' })).toBeInTheDocument();
    first.unmount();
    renderDashboard([], new Date().toISOString());
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
  });

  it("greets the person by name and shows every area's widget", () => {
    const { container } = renderDashboard([]);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    expect([...container.querySelectorAll('[data-widget]')].map((el) => el.getAttribute('data-widget'))).toEqual(DASHBOARD_WIDGETS.map((w) => w.name));
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
  });

  it('says how many uploads wait for the connection', () => {
    renderDashboard([upload('a'), upload('b'), { ...upload('c'), type: 'other' }]);
    expect(screen.getByRole('status')).toHaveTextContent('2 uploads are waiting to be sent.');
  });
});
