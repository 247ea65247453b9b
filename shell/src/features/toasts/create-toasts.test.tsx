import { act, render, screen, waitFor, within } from '@testing-library/react';
import { DossierServicesProvider } from '@dossier/shared';
import { createFakeServices } from '@dossier/shared/testing';
import { createToasts } from './create-toasts';

const services = createFakeServices();

/** The viewport on a page with nothing loading: sonner is fetched at once and its regions drawn. */
async function setup() {
  const { api, Overlay } = createToasts();
  const View = Overlay!;
  render(
    <DossierServicesProvider services={services}>
      <View />
    </DossierServicesProvider>,
  );
  await screen.findByRole('region', { name: /^Notifications/ });
  return api;
}

const visibleToasts = (container: HTMLElement) => container.querySelectorAll('[data-sonner-toast][data-visible="true"]');
const region = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});

describe('stacked toasts (SPEC §9)', () => {
  it('shows at most 3 of 4, the newest first, in a polite live region', async () => {
    const api = await setup();
    act(() => {
      for (const n of [1, 2, 3, 4]) api.stacked.add({ title: `Saved ${n}` });
    });
    const notifications = region('Notifications');
    expect(notifications).toHaveAttribute('aria-live', 'polite');
    await waitFor(() => expect(within(notifications).getAllByRole('listitem')).toHaveLength(4));
    expect(visibleToasts(notifications)).toHaveLength(3);
    expect(within(notifications).getByText('Saved 1').closest('[data-sonner-toast]')).toHaveAttribute('data-visible', 'false');
    act(() => api.stacked.remove());
  });

  it('uses the SPEC gap and width', async () => {
    const api = await setup();
    act(() => {
      api.stacked.add({ title: 'Uploaded' });
    });
    const list = await waitFor(() => {
      const element = region('Notifications').querySelector<HTMLElement>('ol[data-sonner-toaster]');
      if (!element) throw new Error('no toast list yet');
      return element;
    });
    expect(list.style.getPropertyValue('--gap')).toBe('14px');
    expect(list.style.getPropertyValue('--width')).toBe('356px');
    act(() => api.stacked.remove());
  });

  it('updates a toast in place, keeping what the update does not name', async () => {
    const api = await setup();
    let id = '';
    act(() => {
      id = api.stacked.add({ title: 'Uploading passport.pdf', description: 'Personal ID', variant: 'loading' });
    });
    await screen.findByText('Uploading passport.pdf');
    act(() => api.stacked.update(id, { title: 'Uploaded passport.pdf', variant: 'success' }));
    expect(await screen.findByText('Uploaded passport.pdf')).toBeInTheDocument();
    expect(screen.getByText('Personal ID')).toBeInTheDocument();
    expect(screen.queryByText('Uploading passport.pdf')).not.toBeInTheDocument();
    act(() => api.stacked.remove());
  });

  it('dismiss hides one toast; remove with no id clears them all', async () => {
    const api = await setup();
    let first = '';
    act(() => {
      first = api.stacked.add({ title: 'First' });
      api.stacked.add({ title: 'Second' });
    });
    await screen.findByText('First');
    act(() => api.stacked.dismiss(first));
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => api.stacked.remove());
    // Marked to skip the exit animation (toasts.css), then gone.
    await waitFor(() => expect(screen.getByText('Second').closest('[data-sonner-toast]')).toHaveClass('dossier-toast-removed'));
    await waitFor(() => expect(screen.queryByText('Second')).not.toBeInTheDocument());
  });

  it('runs an action and closes by itself after 4000 ms', async () => {
    jest.useFakeTimers();
    try {
      const api = await setup();
      const onClick = jest.fn();
      act(() => {
        api.stacked.add({ title: 'Update available', action: { label: 'Reload', onClick } });
      });
      act(() => {
        jest.advanceTimersByTime(0); // sonner renders new toasts on the next tick
      });
      act(() => screen.getByRole('button', { name: 'Reload' }).click());
      expect(onClick).toHaveBeenCalled();
      act(() => {
        api.stacked.add({ title: 'Copied link' });
      });
      act(() => {
        jest.advanceTimersByTime(0);
      });
      act(() => {
        jest.advanceTimersByTime(3900);
      });
      expect(screen.getByText('Copied link')).toBeInTheDocument();
      act(() => {
        jest.advanceTimersByTime(1000);
      });
      expect(screen.queryByText('Copied link')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('single toasts (SPEC §4)', () => {
  it('shows one at a time: a new toast replaces the current one', async () => {
    const api = await setup();
    act(() => {
      api.single.add({ title: 'Offline: changes will sync later', duration: Infinity });
    });
    const messages = region('Messages');
    await within(messages).findByText('Offline: changes will sync later');
    act(() => {
      api.single.add({ title: 'Back online' });
    });
    await waitFor(() => expect(within(messages).queryByText('Offline: changes will sync later')).not.toBeInTheDocument());
    expect(within(messages).getByText('Back online')).toBeInTheDocument();
    expect(within(messages).getAllByRole('listitem')).toHaveLength(1);
    act(() => api.single.remove());
  });

  it('keeps its toasts apart from the stacked ones', async () => {
    const api = await setup();
    act(() => {
      api.single.add({ title: 'Signed in' });
      api.stacked.add({ title: 'Saved' });
    });
    expect(await within(region('Messages')).findByText('Signed in')).toBeInTheDocument();
    expect(within(region('Notifications')).queryByText('Signed in')).not.toBeInTheDocument();
    act(() => {
      api.single.remove();
      api.stacked.remove();
    });
  });
});
