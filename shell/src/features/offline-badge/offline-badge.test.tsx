import { act, render, screen } from '@testing-library/react';
import { OFFLINE_BADGE_TEXT } from '@dossier/shared/core';
import { OfflineBadge } from './offline-badge';

const setOnline = (online: boolean) => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => act(() => setOnline(true)));

describe('OfflineBadge', () => {
  it("reads \"You're offline\" while the browser is offline, and nothing once back", () => {
    render(<OfflineBadge />);
    const badge = screen.getByRole('status');
    expect(badge).toBeEmptyDOMElement();
    act(() => setOnline(false));
    expect(badge).toHaveTextContent(OFFLINE_BADGE_TEXT);
    act(() => setOnline(true));
    expect(badge).toBeEmptyDOMElement();
  });

  it('shows at once when the page starts offline', () => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    render(<OfflineBadge />);
    expect(screen.getByRole('status')).toHaveTextContent("You're offline");
  });
});
