import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { LightLandingView } from '../landing-view';

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
