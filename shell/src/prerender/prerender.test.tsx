import { act, screen } from '@testing-library/react';
import { startLightLanding } from '../landing-start';
import { browserStorage } from '../landing-visit';
import { BOOT_PRELOAD_ATTRIBUTE, FIRST_PAINT_STYLE_ID, LANDING_CLASS, LANDING_PRELOAD_ATTRIBUTE, PAGE_PRELOAD_ATTRIBUTE, markFirstPaint } from './first-paint';
import { landingMarkup } from './landing-markup';

// ADR 0220: the build puts landingMarkup() in index.html's hidden #root and first-paint-script.ts
// (markFirstPaint) in <head>; these check the two halves in a browser-like DOM.

function runFirstPaintScript(path: string, pageFiles: string = JSON.stringify(PAGE_FILES), bootFiles: string | null = null) {
  window.history.replaceState(null, '', path);
  document.documentElement.classList.remove(LANDING_CLASS);
  document.getElementById(FIRST_PAINT_STYLE_ID)?.remove();
  const style = document.createElement('style');
  style.id = FIRST_PAINT_STYLE_ID;
  document.head.append(style);
  const script = document.createElement('script');
  script.setAttribute(LANDING_PRELOAD_ATTRIBUTE, LANDING_FILES.join(' '));
  script.setAttribute(PAGE_PRELOAD_ATTRIBUTE, pageFiles);
  if (bootFiles !== null) script.setAttribute(BOOT_PRELOAD_ATTRIBUTE, bootFiles);
  markFirstPaint(window.location, browserStorage(), document, script);
  return { shown: document.documentElement.classList.contains(LANDING_CLASS), styleKept: style.isConnected };
}

const LANDING_FILES = ['/landing.1a2b.js', '/landing.3c4d.css'];
/** What the build writes for the shell's own pages (prerender-landing.cjs). */
const PAGE_FILES = { '/auth': ['/827.aaaa.js', '/35.bbbb.js'], '/dashboard': ['/512.cccc.js', '/512.dddd.css'] };
/** The preload hints in <head>, as `as href`. */
const preloadHints = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => `${link.as} ${link.getAttribute('href')}`);

afterEach(() => {
  localStorage.clear();
  for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
  document.getElementById(FIRST_PAINT_STYLE_ID)?.remove();
  document.documentElement.classList.remove(LANDING_CLASS);
  window.history.replaceState(null, '', '/');
});

describe('the first-paint script', () => {
  it("shows the prerendered landing on a visitor's / (and /?logout) only", () => {
    expect(runFirstPaintScript('/')).toEqual({ shown: true, styleKept: true });
    expect(runFirstPaintScript('/?logout')).toEqual({ shown: true, styleKept: true });
  });

  it('keeps it hidden, and drops its stylesheet, on every other address and for a stored session', () => {
    for (const path of ['/documents', '/auth', '/?code=abc', '/#access_token=x', '/share-target', '/privacy']) {
      expect(runFirstPaintScript(path)).toEqual({ shown: false, styleKept: false });
    }
    localStorage.setItem('sb-127-auth-token', '{}');
    expect(runFirstPaintScript('/')).toEqual({ shown: false, styleKept: false });
  });

  it("preloads the landing's own chunk and stylesheet only when the landing shows (issue 24)", () => {
    runFirstPaintScript('/documents');
    localStorage.setItem('sb-127-auth-token', '{}');
    runFirstPaintScript('/');
    expect(preloadHints()).toEqual([]);
    localStorage.clear();
    runFirstPaintScript('/');
    expect(preloadHints()).toEqual(['script /landing.1a2b.js', 'style /landing.3c4d.css']);
  });

  it("preloads the files of the shell page the address names, and no other page's (issue 24, ADR 0489)", () => {
    runFirstPaintScript('/auth');
    expect(preloadHints()).toEqual(['script /827.aaaa.js', 'script /35.bbbb.js']);
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    runFirstPaintScript('/dashboard/');
    expect(preloadHints()).toEqual(['script /512.cccc.js', 'style /512.dddd.css']);
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    // An area's page (its files come with its manifest), or a list the script cannot read: nothing.
    runFirstPaintScript('/documents');
    runFirstPaintScript('/auth', '{not json');
    expect(preloadHints()).toEqual([]);
  });

  it("preloads the shell's boot on every address but a visitor's /, before the page's own files (issue 24, ADR 0493)", () => {
    const boot = '/dossier-shared.eeee.js /549.ffff.js /549.ffff.css';
    runFirstPaintScript('/', JSON.stringify(PAGE_FILES), boot);
    expect(preloadHints()).toEqual(['script /landing.1a2b.js', 'style /landing.3c4d.css']);
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    runFirstPaintScript('/documents', JSON.stringify(PAGE_FILES), boot);
    expect(preloadHints()).toEqual(['script /dossier-shared.eeee.js', 'script /549.ffff.js', 'style /549.ffff.css']);
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    runFirstPaintScript('/auth', JSON.stringify(PAGE_FILES), boot);
    expect(preloadHints()).toEqual(['script /dossier-shared.eeee.js', 'script /549.ffff.js', 'style /549.ffff.css', 'script /827.aaaa.js', 'script /35.bbbb.js']);
    for (const link of document.head.querySelectorAll('link[rel="preload"]')) link.remove();
    // A signed-in person's / boots the app (it opens the dashboard).
    localStorage.setItem('sb-127-auth-token', '{}');
    runFirstPaintScript('/', JSON.stringify(PAGE_FILES), boot);
    expect(preloadHints()).toEqual(['script /dossier-shared.eeee.js', 'script /549.ffff.js', 'style /549.ffff.css']);
  });
});

describe('the prerendered landing', () => {
  it('is what the light landing renders: hydration keeps the same nodes and reports no mismatch', async () => {
    const root = document.createElement('div');
    root.innerHTML = landingMarkup();
    document.body.append(root);
    const heading = root.querySelector('h1');
    expect(heading).toHaveTextContent('Keep the documents that matter, in one safe place');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const reported = jest.fn();
    window.addEventListener('error', reported);
    try {
      await act(async () => startLightLanding(root, { prefetch: jest.fn(), open: jest.fn(async () => undefined) }));
      expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
      expect(errors).not.toHaveBeenCalled();
      expect(reported).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
      window.removeEventListener('error', reported);
      root.remove();
    }
  });
});
