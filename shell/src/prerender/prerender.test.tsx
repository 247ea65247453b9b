import { act, screen } from '@testing-library/react';
import { startLightLanding } from '../landing-start';
import { browserStorage } from '../landing-visit';
import { BOOT_PRELOAD_ATTRIBUTE, FIRST_PAINT_STYLE_ID, LANDING_CLASS, LANDING_PRELOAD_ATTRIBUTE, PAGE_PRELOAD_ATTRIBUTE, markFirstPaint } from './first-paint';
import { authCardMarkup, landingMarkup } from './landing-markup';
import { AUTH_FIRST_PAINT_CLASS, AUTH_FIRST_PAINT_ID, heldAuthIntent, releaseAuthFirstPaint, takeAuthFirstPaintHandover } from './auth-first-paint';

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
  document.documentElement.classList.remove(AUTH_FIRST_PAINT_CLASS);
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
    for (const path of ['/documents', '/auth?mode=sign-up', '/auth?redirect=%2Fdocuments', '/?code=abc', '/#access_token=x', '/share-target', '/privacy']) {
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

describe("a visitor's /auth: the prerendered sign-in card (ADR 0499)", () => {
  /** index.html's body as the build writes it: #root (hidden, the landing), then the hidden card. */
  function prerenderedBody() {
    document.body.innerHTML = `<div id="root" hidden>${landingMarkup()}</div><div id="${AUTH_FIRST_PAINT_ID}" hidden>${authCardMarkup()}</div>`;
    return document.getElementById(AUTH_FIRST_PAINT_ID) as HTMLElement;
  }
  const cardShown = () => document.documentElement.classList.contains(AUTH_FIRST_PAINT_CLASS);
  const submitEvent = () => new SubmitEvent('submit', { bubbles: true, cancelable: true });

  afterEach(() => {
    releaseAuthFirstPaint();
    takeAuthFirstPaintHandover();
    document.body.replaceChildren();
  });

  it('is the sign-in card in a visitor\'s frame: the title, both tabs, the fields, Google, the links', () => {
    const card = prerenderedBody();
    expect(card.querySelector('h1')).toHaveTextContent('Sign in to Dossier');
    expect([...card.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual(['Sign in', 'Sign up']);
    expect([...card.querySelectorAll('input')].map((input) => `${input.name} ${input.type} ${input.required}`)).toEqual(['email email true', 'password password true']);
    expect(card.querySelector('form button[type="submit"]')).toHaveTextContent('Sign in');
    expect([...card.querySelectorAll('[data-intent]')].map((control) => control.getAttribute('data-intent'))).toEqual(['sign-in', 'sign-up', 'google', 'forgot']);
    // The header offers no second "Sign in" on the sign-in page, as AppFrame draws /auth.
    expect(card.querySelector('header a[href="/auth"]')).toBeNull();
    expect(card.querySelector('header .dossier-auth-state')).not.toBeNull();
    expect(card.querySelector('main a[href="/"]')).toHaveTextContent('Back to the home page');
    expect(card.querySelector('button.auth-link[data-intent="forgot"]')).toHaveTextContent('Forgot password?');
  });

  it("is shown, with the inlined stylesheet kept, on a visitor's plain /auth only", () => {
    prerenderedBody();
    expect(runFirstPaintScript('/auth')).toEqual({ shown: false, styleKept: true });
    expect(cardShown()).toBe(true);
    for (const path of ['/auth?mode=sign-up', '/auth?reset=1', '/auth#access_token=x', '/documents']) {
      document.documentElement.classList.remove(AUTH_FIRST_PAINT_CLASS);
      runFirstPaintScript(path);
      expect(cardShown()).toBe(false);
    }
    localStorage.setItem('sb-127-auth-token', '{}');
    runFirstPaintScript('/auth');
    expect(cardShown()).toBe(false);
  });

  it('holds a submit of its form (the password never goes into the address) and shows Sign in busy', () => {
    const card = prerenderedBody();
    runFirstPaintScript('/auth');
    const form = card.querySelector('form') as HTMLFormElement;
    const submit = submitEvent();
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(heldAuthIntent()).toBe('submit');
    const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button.querySelectorAll('.ds-button__spinner')).toHaveLength(1);
  });

  it('holds the last press of a tab, Forgot password? or Google, one busy control at a time', () => {
    const card = prerenderedBody();
    runFirstPaintScript('/auth');
    const signUp = card.querySelector('[data-intent="sign-up"]') as HTMLElement;
    signUp.click();
    expect(heldAuthIntent()).toBe('sign-up');
    expect(signUp).toHaveAttribute('aria-busy', 'true');
    const google = card.querySelector('[data-intent="google"]') as HTMLElement;
    // A press inside the control (its label) counts as the control's.
    google.append(document.createElement('span'));
    (google.lastChild as HTMLElement).click();
    expect(heldAuthIntent()).toBe('google');
    expect(signUp).not.toHaveAttribute('aria-busy');
    expect(card.querySelectorAll('.ds-button__spinner')).toHaveLength(1);
  });

  it('hands what was typed, the focus and the held press over once, shows #root and leaves', () => {
    const card = prerenderedBody();
    runFirstPaintScript('/auth');
    const email = card.querySelector('input[name="email"]') as HTMLInputElement;
    const password = card.querySelector('input[name="password"]') as HTMLInputElement;
    email.value = 'ada@example.com';
    password.value = 'correct-horse';
    password.focus();
    password.setSelectionRange(3, 5);
    card.querySelector('form')?.dispatchEvent(submitEvent());
    releaseAuthFirstPaint();
    expect(document.getElementById(AUTH_FIRST_PAINT_ID)).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
    expect(cardShown()).toBe(false);
    expect(takeAuthFirstPaintHandover()).toEqual({
      values: { email: 'ada@example.com', password: 'correct-horse' },
      focus: { name: 'password', start: 3, end: 5 },
      intent: 'submit',
    });
    expect(takeAuthFirstPaintHandover()).toBeUndefined();
    // Presses after the card left are the app's own.
    releaseAuthFirstPaint();
    expect(takeAuthFirstPaintHandover()).toBeUndefined();
  });

  it('on any other page only removes the hidden card: nothing is handed over, #root is left to main.ts', () => {
    prerenderedBody();
    runFirstPaintScript('/documents');
    releaseAuthFirstPaint();
    expect(document.getElementById(AUTH_FIRST_PAINT_ID)).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(true);
    expect(takeAuthFirstPaintHandover()).toBeUndefined();
  });
});
