import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { AuthCard } from '../features/auth/auth-card';
import { LightFrame, LightLandingView } from '../landing-view';

export { AUTH_FIRST_PAINT_CLASS, AUTH_FIRST_PAINT_ID } from './auth-first-paint';
export { BOOT_PRELOAD_ATTRIBUTE, FIRST_PAINT_STYLE_ID, LANDING_CLASS, LANDING_PRELOAD_ATTRIBUTE, PAGE_PRELOAD_ATTRIBUTE } from './first-paint';

/** The light landing's links as the server renders them: plain anchors (hydration adds the handlers). */
function PlainLink({ to, className, children }: { to: string; className?: string; children: ReactNode }) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

/**
 * The markup the shell's build puts inside index.html's #root (tools/webpack/prerender-landing.cjs,
 * ADR 0220): what the light landing renders, so `startLightLanding` hydrates it.
 */
export function landingMarkup(): string {
  return renderToString(<LightLandingView Link={PlainLink} />);
}

/**
 * The sign-in card of a visitor's /auth in a visitor's frame, as AuthPage first renders it
 * (ADR 0499): index.html carries it hidden after #root, for the inline script to show on /auth.
 * Without "Sign in with a passkey", which the app adds where the browser has passkeys.
 */
export function authCardMarkup(): string {
  return renderToString(
    <LightFrame Link={PlainLink} onSignInPage>
      <AuthCard mode="sign-in" Link={PlainLink} />
    </LightFrame>,
  );
}
