import { render, waitFor } from '@testing-library/react';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared/contract';
import { createServiceWorkerPart, UPDATE_TOAST } from './service-worker-part';

const activate = jest.fn();
let sendMessage: (message: { type: string }) => void = () => undefined;
let started = 0;
jest.mock('./service-worker-client', () => ({
  startServiceWorker: (callbacks: { onUpdateAvailable(activate: () => void): void; onMessage(message: { type: string }): void }) => {
    started += 1;
    sendMessage = callbacks.onMessage;
    callbacks.onUpdateAvailable(activate);
    return () => undefined;
  },
}));

beforeEach(() => {
  started = 0;
});

it('shows "Update available" with a Reload action that activates the waiting worker', async () => {
  const add = jest.fn();
  const services = { toasts: { stacked: { add }, single: {} } } as unknown as DossierServices;
  const { Overlay } = createServiceWorkerPart({ onBackgroundSync: () => undefined });
  if (!Overlay) throw new Error('the part renders the service worker');
  render(
    <DossierServicesProvider services={services}>
      <Overlay />
    </DossierServicesProvider>,
  );
  // The registration's code is fetched after the first render (workbox-window, issue 24).
  await waitFor(() => expect(add).toHaveBeenCalledWith(expect.objectContaining({ id: UPDATE_TOAST.id, title: 'Update available', duration: Infinity })), { timeout: 3_000 });
  const { action } = add.mock.calls[0][0] as { action: { label: string; onClick(): void } };
  expect(action.label).toBe('Reload');
  action.onClick();
  expect(activate).toHaveBeenCalled();
});

it('passes background-sync results on (the shell flushes the queue)', async () => {
  const onBackgroundSync = jest.fn();
  const services = { toasts: { stacked: { add: jest.fn() }, single: {} } } as unknown as DossierServices;
  const { Overlay } = createServiceWorkerPart({ onBackgroundSync });
  if (!Overlay) throw new Error('the part renders the service worker');
  render(
    <DossierServicesProvider services={services}>
      <Overlay />
    </DossierServicesProvider>,
  );
  await waitFor(() => expect(started).toBe(1), { timeout: 3_000 });
  sendMessage({ type: 'BACKGROUND_SYNC_RESULT' });
  expect(onBackgroundSync).toHaveBeenCalledTimes(1);
});

it('does not register when the shell part is gone before the registration code has arrived', async () => {
  const services = { toasts: { stacked: { add: jest.fn() }, single: {} } } as unknown as DossierServices;
  const { Overlay } = createServiceWorkerPart({ onBackgroundSync: () => undefined });
  if (!Overlay) throw new Error('the part renders the service worker');
  const { unmount } = render(
    <DossierServicesProvider services={services}>
      <Overlay />
    </DossierServicesProvider>,
  );
  unmount();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(started).toBe(0);
});

it('registers only once the opened page is drawn: not while a page still shows it is loading', async () => {
  const spinner = document.createElement('div');
  spinner.className = 'dossier-loading';
  document.body.appendChild(spinner);
  const services = { toasts: { stacked: { add: jest.fn() }, single: {} } } as unknown as DossierServices;
  const { Overlay } = createServiceWorkerPart({ onBackgroundSync: () => undefined });
  if (!Overlay) throw new Error('the part renders the service worker');
  render(
    <DossierServicesProvider services={services}>
      <Overlay />
    </DossierServicesProvider>,
  );
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(started).toBe(0);
  spinner.remove();
  await waitFor(() => expect(started).toBe(1), { timeout: 3_000 });
});
