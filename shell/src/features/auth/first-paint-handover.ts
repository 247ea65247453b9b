import { useLayoutEffect, useRef, type RefObject } from 'react';
import { fillEmptyFields, heldAuthIntent, releaseAuthFirstPaint, takeAuthFirstPaintHandover } from '../../prerender/auth-first-paint';
import type { AuthMode } from './auth-card';

/**
 * The step AuthPage opens on when the prerendered card of a visitor's /auth (ADR 0499) holds a
 * press of "Sign up" or "Forgot password?" made before the app was there; read on the first render.
 */
export function heldAuthMode(): AuthMode | undefined {
  const held = heldAuthIntent();
  return held === 'sign-up' || held === 'forgot' || held === 'sign-in' ? held : undefined;
}

/**
 * On AuthPage's first commit, before the browser paints: the prerendered card leaves, what the
 * person typed there goes into the same fields of this form, the focus where it was; a "Sign in"
 * or "Continue with Google" pressed while the app was loading is done now.
 */
export function useAuthFirstPaintHandover(formRef: RefObject<HTMLFormElement | null>, { google }: { google: () => void }): void {
  const first = useRef({ google });
  useLayoutEffect(() => {
    releaseAuthFirstPaint();
    const handover = takeAuthFirstPaintHandover();
    const form = formRef.current;
    if (!handover || !form) return;
    fillEmptyFields(form, handover.values);
    const focus = handover.focus;
    const focused = focus && form.elements.namedItem(focus.name);
    if (focus && focused instanceof HTMLInputElement) {
      focused.focus();
      if (focus.start !== null && focus.end !== null) focused.setSelectionRange(focus.start, focus.end);
    }
    if (handover.intent === 'submit') form.requestSubmit();
    else if (handover.intent === 'google') first.current.google();
  }, [formRef]);
}
