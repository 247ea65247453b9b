import { act, render, screen } from '@testing-library/react';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { ToastViewport, useTyping } from './toast-viewport';
import { loadedSonner } from './sonner-module';

function Probe() {
  return <output>{useTyping() ? 'typing' : 'idle'}</output>;
}

describe('useTyping (toasts move off the foot of a phone while a field has focus, issue 22)', () => {
  it('is on while a text field has focus and off when focus leaves it', async () => {
    render(
      <>
        <Probe />
        <input aria-label="Add a tag" />
        <input type="checkbox" aria-label="Select" />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('idle');
    act(() => screen.getByLabelText('Add a tag').focus());
    expect(screen.getByRole('status')).toHaveTextContent('typing');
    await act(async () => {
      screen.getByLabelText('Select').focus();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByRole('status')).toHaveTextContent('idle');
  });
});

describe('ToastViewport (issue 24: the toasts\' renderer is not part of the first rows)', () => {
  it('fetches sonner and draws its regions only once the opened page is drawn', async () => {
    const spinner = document.body.appendChild(Object.assign(document.createElement('div'), { className: 'dossier-loading' }));
    window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
    render(
      <DossierServicesProvider services={createFakeServices()}>
        <ToastViewport />
      </DossierServicesProvider>,
    );
    // A loading indicator is on the page: nothing fetched, no region yet.
    await act(() => new Promise((resolve) => setTimeout(resolve, 700)));
    expect(loadedSonner()).toBeNull();
    expect(screen.queryByRole('region', { name: /^Notifications/ })).not.toBeInTheDocument();

    spinner.remove();
    expect(await screen.findByRole('region', { name: /^Notifications/ }, { timeout: 3000 })).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('region', { name: /^Messages/ })).toBeInTheDocument();
  });
});
