// A visitor's /auth shows the sign-in card from index.html's first paint (ADR 0499): the shell's
// build prerenders AuthCard into a hidden element after #root, and the inline script shows it on
// a visitor's plain /auth. The person can type at once; what they typed, where the caret was and
// what they last pressed (Sign in, the Sign up tab, Forgot password?, Continue with Google) are
// handed to AuthPage when the app takes the page over, which carries on from there.
// Kept free of imports but landing-visit: main.ts and the inline script run it before any shared
// module is negotiated.
import { hasStoredSession, isSignInPage } from '../landing-visit';

/** The element after #root holding the prerendered sign-in card (prerender-landing.cjs). */
export const AUTH_FIRST_PAINT_ID = 'dossier-auth-first-paint';
/** The class on <html> that shows it. */
export const AUTH_FIRST_PAINT_CLASS = 'dossier-auth-first-paint';
/** On the card's controls: what pressing one asks for. */
const INTENT_ATTRIBUTE = 'data-intent';
/** On the card: the last thing pressed before the app was there. */
const HELD_ATTRIBUTE = 'data-held-intent';

/** What a press on the card asks for: a tab or a link to another step, Google, or (the form) Sign in. */
export type AuthIntent = 'sign-in' | 'sign-up' | 'forgot' | 'google' | 'submit';
const INTENTS: readonly string[] = ['sign-in', 'sign-up', 'forgot', 'google', 'submit'] satisfies AuthIntent[];

/** The attribute AuthCard puts on a control, so a press on its prerendered copy can be held. */
export const intent = (what: Exclude<AuthIntent, 'submit'>) => ({ [INTENT_ATTRIBUTE]: what });

/** What the person did on the prerendered card, for AuthPage to carry on from. */
export interface AuthFirstPaintHandover {
  /** The form's text fields by name (email, password), as typed. */
  values: Record<string, string>;
  /** The field that had the focus, and its selection (null where the field has none: type=email). */
  focus?: { name: string; start: number | null; end: number | null };
  /** The last press, held until now. */
  intent?: AuthIntent;
}

let handover: AuthFirstPaintHandover | undefined;

/**
 * Whether this load is a visitor's plain /auth: no stored session, nothing in the address (the
 * reset link's `?reset=1`, `?mode=sign-up`, an OAuth return, a `?redirect=` all start on the app's
 * own card, which may differ).
 */
export function isAuthFirstPaintVisit(location: Pick<Location, 'pathname' | 'search' | 'hash'>, storage: Pick<Storage, 'length' | 'key'> | undefined): boolean {
  return isSignInPage(location.pathname) && location.search === '' && location.hash === '' && !hasStoredSession(storage);
}

/**
 * Shows the prerendered card (the inline script, before the body is parsed) and holds what is
 * pressed on it: a submit of its form above all — without the app, the browser would send the
 * form to the address, the password in the URL. The control pressed shows busy until the app
 * takes over and does what it asked.
 */
export function showAuthFirstPaint(doc: Document): void {
  doc.documentElement.classList.add(AUTH_FIRST_PAINT_CLASS);
  const hold = (event: Event, what: string | null | undefined, control: Element | null) => {
    const card = doc.getElementById(AUTH_FIRST_PAINT_ID);
    if (!card || !what || !control || !card.contains(control)) return;
    event.preventDefault();
    card.setAttribute(HELD_ATTRIBUTE, what);
    for (const spinner of card.querySelectorAll('.ds-button__spinner')) spinner.remove();
    for (const busy of card.querySelectorAll('[aria-busy]')) busy.removeAttribute('aria-busy');
    const button = what === 'submit' ? control.querySelector('button[type="submit"]') : control;
    if (!button) return;
    button.setAttribute('aria-busy', 'true');
    const spinner = doc.createElement('span');
    spinner.className = 'ds-button__spinner';
    spinner.setAttribute('aria-hidden', 'true');
    button.prepend(spinner);
  };
  // Capture: before anything else sees the event. The form's own checks (required, an e-mail
  // address) run before `submit` fires, so a held submit is of a valid form.
  doc.addEventListener('submit', (event) => hold(event, 'submit', event.target instanceof Element ? event.target : null), true);
  doc.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest(`[${INTENT_ATTRIBUTE}]`) : null;
      hold(event, control?.getAttribute(INTENT_ATTRIBUTE), control);
    },
    true,
  );
}

/** Whether the prerendered card is what the person sees now. */
export function authFirstPaintShowing(doc: Document = document): boolean {
  return doc.documentElement.classList.contains(AUTH_FIRST_PAINT_CLASS) && doc.getElementById(AUTH_FIRST_PAINT_ID) !== null;
}

/** The press held on the card shown now, if any: AuthPage's first render opens on its step. */
export function heldAuthIntent(doc: Document = document): AuthIntent | undefined {
  if (!authFirstPaintShowing(doc)) return undefined;
  return readIntent(doc.getElementById(AUTH_FIRST_PAINT_ID));
}

/**
 * The app takes the page over: what the card holds is kept for AuthPage, the card leaves and
 * #root shows. Idempotent; on any other page it only removes the hidden card.
 */
export function releaseAuthFirstPaint(doc: Document = document): void {
  const card = doc.getElementById(AUTH_FIRST_PAINT_ID);
  if (card && authFirstPaintShowing(doc)) handover = readHandover(card, doc.activeElement);
  card?.remove();
  if (doc.documentElement.classList.contains(AUTH_FIRST_PAINT_CLASS)) {
    doc.documentElement.classList.remove(AUTH_FIRST_PAINT_CLASS);
    const root = doc.getElementById('root');
    if (root) root.hidden = false;
  }
}

/** What the person did on the card, once (then forgotten: a later visit to /auth starts empty). */
export function takeAuthFirstPaintHandover(): AuthFirstPaintHandover | undefined {
  const taken = handover;
  handover = undefined;
  return taken;
}

function readIntent(card: Element | null): AuthIntent | undefined {
  const held = card?.getAttribute(HELD_ATTRIBUTE);
  return held && INTENTS.includes(held) ? (held as AuthIntent) : undefined;
}

/** The text typed in a card's or form's named fields. */
export function typedValues(container: Element): Record<string, string> {
  const values: Record<string, string> = {};
  for (const input of container.querySelectorAll('input')) if (input.name && input.value) values[input.name] = input.value;
  return values;
}

/** Puts `values` into the same-named fields of `form` that are still empty. */
export function fillEmptyFields(form: HTMLFormElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.value === '') field.value = value;
  }
}

function readHandover(card: Element, active: Element | null): AuthFirstPaintHandover {
  const values = typedValues(card);
  const focus = active instanceof HTMLInputElement && active.name && card.contains(active) ? { name: active.name, start: active.selectionStart, end: active.selectionEnd } : undefined;
  return { values, focus, intent: readIntent(card) };
}
