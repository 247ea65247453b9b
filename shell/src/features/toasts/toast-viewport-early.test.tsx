import { act, render, screen } from '@testing-library/react';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { STACKED_TOASTER_ID, ToastViewport } from './toast-viewport';
import { createSonnerToastSystem } from './sonner-toast-system';
import { loadSonner, loadedSonner } from './sonner-module';

// Its own file: sonner-module.ts keeps sonner once fetched, and this is about the time before.
describe('ToastViewport before sonner has arrived (ADR 0487)', () => {
  it('announces a toast asked for before sonner arrives in a polite region of its own, on the page from the first render', async () => {
    expect(loadedSonner()).toBeNull();
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    const { unmount } = render(
      <DossierServicesProvider services={createFakeServices()}>
        <ToastViewport />
      </DossierServicesProvider>,
    );
    const announcer = screen.getByTestId('early-toast-announcer');
    expect(announcer).toHaveAttribute('role', 'status');
    expect(announcer).toHaveAttribute('aria-live', 'polite');
    expect(announcer).toBeEmptyDOMElement();
    act(() => {
      createSonnerToastSystem({ toasterId: STACKED_TOASTER_ID }).add({ title: 'Privacy choices saved', description: 'You can change them in Settings.' });
    });
    // sonner is still on its way: its own region is not on the page to announce this.
    expect(announcer).toHaveTextContent('Privacy choices saved. You can change them in Settings.');
    // Once sonner is here its own region holds the toast: the early words go in the same update,
    // so the page never holds them twice.
    await act(async () => {
      await loadSonner();
    });
    expect(loadedSonner()).not.toBeNull();
    expect(announcer).toBeEmptyDOMElement();
    unmount();
  });
});
