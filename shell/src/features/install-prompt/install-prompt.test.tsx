import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { INSTALL_TEXTS } from '@dossier/shared/core';
import { INSTALL_DISMISSED_KEY, installPromptDismissed, rememberInstallDismissal } from './install-dismissal';
import { InstallPrompt } from './install-prompt';
import { createInstallPromptEvents, type BeforeInstallPromptEvent } from './install-prompt-events';
import { installInstructions } from './install-instructions';

function setStandalone(standalone: boolean) {
  window.matchMedia = ((query: string) => ({ matches: standalone && query === '(display-mode: standalone)', media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
}

function installEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = jest.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

beforeEach(() => {
  localStorage.clear();
  setStandalone(false);
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

describe('InstallPrompt (SPEC §4)', () => {
  it('offers the install on the browser event and calls its prompt', async () => {
    const events = createInstallPromptEvents(window);
    render(<InstallPrompt events={events} />);
    const { event, prompt } = installEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('complementary', { name: 'Install Dossier' })).toBeInTheDocument();
    await user().click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalled();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBeNull();
  });

  it('shows nothing when already installed', () => {
    setStandalone(true);
    const events = createInstallPromptEvents(window);
    render(<InstallPrompt events={events} />);
    act(() => {
      window.dispatchEvent(installEvent('accepted').event);
      jest.advanceTimersByTime(20_000);
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it("shows the manual 'How to Install' hint after 10 s without the event", () => {
    render(<InstallPrompt events={createInstallPromptEvents(window)} />);
    act(() => {
      jest.advanceTimersByTime(9_999);
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('complementary', { name: INSTALL_TEXTS.manualHintTitle })).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
  });

  it('never shows on a visitor\'s shared page (/link/…, /portfolio/…), even on the browser event', () => {
    for (const path of ['/link/3f9a1c', '/portfolio/7d2e4b']) {
      const { unmount } = render(<InstallPrompt events={createInstallPromptEvents(window)} path={path} />);
      act(() => {
        window.dispatchEvent(installEvent('accepted').event);
        jest.advanceTimersByTime(20_000);
      });
      expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('waits for a calm moment: not while a dialog is open or a field is being typed in', () => {
    const dialog = document.body.appendChild(document.createElement('div'));
    dialog.setAttribute('role', 'dialog');
    render(<InstallPrompt events={createInstallPromptEvents(window)} path="/documents" />);
    act(() => {
      jest.advanceTimersByTime(30_000);
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    dialog.remove();
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    act(() => {
      jest.advanceTimersByTime(30_000);
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    field.blur();
    field.remove();
    act(() => {
      jest.advanceTimersByTime(5_000);
    });
    expect(screen.getByRole('complementary', { name: INSTALL_TEXTS.manualHintTitle })).toBeInTheDocument();
  });

  it('the manual hint is dismissed with its close button and stays away', async () => {
    render(<InstallPrompt events={createInstallPromptEvents(window)} />);
    act(() => {
      jest.advanceTimersByTime(10_000);
    });
    await user().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    expect(installPromptDismissed()).toBe(true);
  });

  it('sits after the page (the frame\'s foot slot), never above what a person reads', () => {
    const foot = document.body.appendChild(document.createElement('div'));
    foot.id = 'dossier-foot-notices';
    render(<InstallPrompt events={createInstallPromptEvents(window)} path="/documents" />);
    act(() => {
      jest.advanceTimersByTime(10_000);
    });
    expect(foot).toContainElement(screen.getByRole('complementary', { name: INSTALL_TEXTS.manualHintTitle }));
    foot.remove();
  });

  it('remembers a dismissal for 24 hours', async () => {
    const events = createInstallPromptEvents(window);
    const { unmount } = render(<InstallPrompt events={events} />);
    act(() => {
      window.dispatchEvent(installEvent('accepted').event);
    });
    await user().click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
    unmount();

    render(<InstallPrompt events={createInstallPromptEvents(window)} />);
    act(() => {
      jest.advanceTimersByTime(10_000);
    });
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('a dismissal older than 24 hours no longer counts', () => {
    const now = Date.parse('2026-06-01T12:00:00Z');
    rememberInstallDismissal(now);
    expect(installPromptDismissed(now + 24 * 3600_000 - 1)).toBe(true);
    expect(installPromptDismissed(now + 24 * 3600_000)).toBe(false);
  });

  it("declining the browser's own dialog counts as a dismissal", async () => {
    const events = createInstallPromptEvents(window);
    render(<InstallPrompt events={events} />);
    act(() => {
      window.dispatchEvent(installEvent('dismissed').event);
    });
    await user().click(screen.getByRole('button', { name: 'Install' }));
    expect(installPromptDismissed()).toBe(true);
  });
});

describe('installInstructions', () => {
  it('names the steps for the browser in use', () => {
    expect(installInstructions('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1').steps.join(' ')).toContain('Add to Home Screen');
    expect(installInstructions('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36').browser).toBe('Chrome for Android');
    expect(installInstructions('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0').browser).toBe('Microsoft Edge');
    expect(installInstructions('Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0').browser).toBe('Firefox');
    expect(installInstructions('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15').browser).toBe('Safari on Mac');
  });
});
