import { render } from '@testing-library/react';
import { DossierServicesProvider, type DossierServices } from '@dossier/shared/contract';
import { createPendingOperations, UPDATE_TOAST } from './shell-part';

const activate = jest.fn();
jest.mock('../pwa/service-worker-client', () => ({
  postToWorker: jest.fn(),
  startServiceWorker: (callbacks: { onUpdateAvailable(activate: () => void): void }) => {
    callbacks.onUpdateAvailable(activate);
    return () => undefined;
  },
}));
jest.mock('./pending-operation-queue', () => ({
  createPendingOperationQueue: () => ({ start: jest.fn(() => () => undefined), flush: jest.fn() }),
}));

it('shows "Update available" with a Reload action that activates the waiting worker', () => {
  const add = jest.fn();
  const services = { toasts: { stacked: { add }, single: {} } } as unknown as DossierServices;
  const { Overlay } = createPendingOperations();
  if (!Overlay) throw new Error('the part renders the offline support');
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
