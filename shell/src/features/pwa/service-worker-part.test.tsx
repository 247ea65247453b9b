import { render } from '@testing-library/react';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared/contract';
import { createServiceWorkerPart, UPDATE_TOAST } from './service-worker-part';

const activate = jest.fn();
let sendMessage: (message: { type: string }) => void = () => undefined;
jest.mock('./service-worker-client', () => ({
  startServiceWorker: (callbacks: { onUpdateAvailable(activate: () => void): void; onMessage(message: { type: string }): void }) => {
    sendMessage = callbacks.onMessage;
    callbacks.onUpdateAvailable(activate);
    return () => undefined;
  },
}));

it('shows "Update available" with a Reload action that activates the waiting worker', () => {
  const add = jest.fn();
  const services = { toasts: { stacked: { add }, single: {} } } as unknown as DossierServices;
  const { Overlay } = createServiceWorkerPart({ onBackgroundSync: () => undefined });
  if (!Overlay) throw new Error('the part renders the service worker');
  render(
    <DossierServicesProvider services={services}>
      <Overlay />
    </DossierServicesProvider>,
  );
  expect(add).toHaveBeenCalledWith(expect.objectContaining({ id: UPDATE_TOAST.id, title: 'Update available', duration: Infinity }));
  const { action } = add.mock.calls[0][0] as { action: { label: string; onClick(): void } };
  expect(action.label).toBe('Reload');
  action.onClick();
  expect(activate).toHaveBeenCalled();
});

it('passes background-sync results on (the shell flushes the queue)', () => {
  const onBackgroundSync = jest.fn();
  const services = { toasts: { stacked: { add: jest.fn() }, single: {} } } as unknown as DossierServices;
  const { Overlay } = createServiceWorkerPart({ onBackgroundSync });
  if (!Overlay) throw new Error('the part renders the service worker');
  render(
    <DossierServicesProvider services={services}>
      <Overlay />
    </DossierServicesProvider>,
  );
  sendMessage({ type: 'BACKGROUND_SYNC_RESULT' });
  expect(onBackgroundSync).toHaveBeenCalledTimes(1);
});
