import { isLandingVisit } from '../landing-visit';

/** The id of index.html's inlined landing stylesheet (prerender-landing.cjs). */
export const FIRST_PAINT_STYLE_ID = 'dossier-first-paint';
/** The class on <html> that shows the prerendered landing (a visitor's `/`). */
export const LANDING_CLASS = 'dossier-landing';
/**
 * The inline script's attribute listing the landing's own files (space-separated URLs, written
 * by prerender-landing.cjs): preloaded only when the landing shows, not by every page (issue 24).
 */
export const LANDING_PRELOAD_ATTRIBUTE = 'data-landing-preload';

/**
 * index.html's inline script (first-paint-script.ts): on a visitor's `/` — the same test main.ts
 * makes — marks <html> so the prerendered #root shows at the first paint; anywhere else removes
 * the landing's inlined stylesheet, and #root stays hidden until main.ts empties it. `script` is
 * the inline <script> itself, whose LANDING_PRELOAD_ATTRIBUTE lists the landing's files.
 */
export function markFirstPaint(location: Pick<Location, 'pathname' | 'search' | 'hash'>, storage: Storage | undefined, doc: Document, script: Element | null = doc.currentScript): void {
  if (isLandingVisit(location, storage)) {
    doc.documentElement.classList.add(LANDING_CLASS);
    preloadLandingFiles(doc, script?.getAttribute(LANDING_PRELOAD_ATTRIBUTE) ?? '');
  } else doc.getElementById(FIRST_PAINT_STYLE_ID)?.remove();
}

/** Hints the landing's chunk and stylesheet now, as a static <link rel=preload> would have. */
function preloadLandingFiles(doc: Document, list: string): void {
  for (const href of list.split(' ').filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = href.endsWith('.css') ? 'style' : 'script';
    link.href = href;
    doc.head.append(link);
  }
}
