import { isLandingVisit } from '../landing-visit';

/** The id of index.html's inlined landing stylesheet (prerender-landing.cjs). */
export const FIRST_PAINT_STYLE_ID = 'dossier-first-paint';
/** The class on <html> that shows the prerendered landing (a visitor's `/`). */
export const LANDING_CLASS = 'dossier-landing';

/**
 * index.html's inline script (first-paint-script.ts): on a visitor's `/` — the same test main.ts
 * makes — marks <html> so the prerendered #root shows at the first paint; anywhere else removes
 * the landing's inlined stylesheet, and #root stays hidden until main.ts empties it.
 */
export function markFirstPaint(location: Pick<Location, 'pathname' | 'search' | 'hash'>, storage: Storage | undefined, doc: Document): void {
  if (isLandingVisit(location, storage)) doc.documentElement.classList.add(LANDING_CLASS);
  else doc.getElementById(FIRST_PAINT_STYLE_ID)?.remove();
}
