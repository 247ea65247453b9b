import { act, fireEvent, screen, within } from '@testing-library/react';
import { startLightLanding } from './landing-start';

describe('the light landing', () => {
  it("shows the landing page in the app's frame, fetches the app on intent and opens it at the link's address", async () => {
    const root = document.createElement('div');
    document.body.append(root);
    const prefetch = jest.fn();
    const handOver: (() => void)[] = [];
    const open = jest.fn(async (beforeRender: () => void) => {
      handOver.push(beforeRender);
    });
    await act(async () => startLightLanding(root, { prefetch, open }));

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Keep the documents that matter, in one safe place');
    // A visitor is offered the brand and Sign in, not the members' pages (ADR 0246).
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');

    const signUp = screen.getByRole('link', { name: 'Create a free account' });
    expect(signUp).toHaveAttribute('href', '/auth?mode=sign-up');
    fireEvent.focus(signUp);
    expect(prefetch).toHaveBeenCalled();

    // A click with a modifier opens a new tab, as a link does: the app does not start here.
    fireEvent.click(signUp, { ctrlKey: true });
    expect(open).not.toHaveBeenCalled();

    fireEvent.click(signUp);
    fireEvent.click(signUp); // a second click while the app loads does not start it twice
    expect(open).toHaveBeenCalledTimes(1);
    expect(document.documentElement).toHaveAttribute('aria-busy', 'true');

    // The app is about to render: the landing leaves #root and the address is the link's.
    act(() => handOver[0]!());
    expect(root).toBeEmptyDOMElement();
    expect(window.location.pathname + window.location.search).toBe('/auth?mode=sign-up');
    expect(document.documentElement).not.toHaveAttribute('aria-busy');
  });
});
