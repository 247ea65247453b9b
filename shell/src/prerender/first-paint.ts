import { isLandingVisit, withoutTrailingSlash } from '../landing-visit';
import { isAuthFirstPaintVisit, showAuthFirstPaint } from './auth-first-paint';

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
 * The inline script's attribute mapping each of the shell's own pages (`/auth`, `/dashboard`, …)
 * to its files (JSON, written by prerender-landing.cjs from the page table): the page the address
 * names is preloaded as the HTML is parsed, not once the shell's boot has run (issue 24, ADR 0489).
 */
export const PAGE_PRELOAD_ATTRIBUTE = 'data-page-preload';
/**
 * The inline script's attribute listing the shell's boot files (space-separated, written by
 * prerender-landing.cjs): main.ts's import of the app, which every page but a visitor's `/` waits
 * for. Hinted as the HTML is parsed, they share the link with main.js and React instead of being
 * asked for only once those have arrived and run (issue 24, ADR 0493).
 */
export const BOOT_PRELOAD_ATTRIBUTE = 'data-boot-preload';

/**
 * index.html's inline script (first-paint-script.ts): on a visitor's `/` — the same test main.ts
 * makes — marks <html> so the prerendered #root shows at the first paint; on a visitor's `/auth`
 * shows the prerendered sign-in card; anywhere else removes the inlined stylesheet, and #root
 * stays hidden until main.ts empties it. Away from the landing the
 * shell's boot and the files of the shell's own page the address names are hinted. `script` is
 * the inline <script> itself, whose attributes list those files.
 */
export function markFirstPaint(location: Pick<Location, 'pathname' | 'search' | 'hash'>, storage: Storage | undefined, doc: Document, script: Element | null = doc.currentScript): void {
  if (isLandingVisit(location, storage)) {
    doc.documentElement.classList.add(LANDING_CLASS);
    preloadFiles(doc, (script?.getAttribute(LANDING_PRELOAD_ATTRIBUTE) ?? '').split(' '));
  } else {
    // A visitor's /auth: its card prerendered after #root, which the inlined stylesheet (with the
    // card's own rules) styles (ADR 0499). Anywhere else the stylesheet goes.
    if (isAuthFirstPaintVisit(location, storage)) showAuthFirstPaint(doc);
    else doc.getElementById(FIRST_PAINT_STYLE_ID)?.remove();
    preloadFiles(doc, [...(script?.getAttribute(BOOT_PRELOAD_ATTRIBUTE) ?? '').split(' '), ...shellPageFiles(script?.getAttribute(PAGE_PRELOAD_ATTRIBUTE) ?? null, location.pathname)]);
  }
}

/** The files of the shell page at `pathname` (the page table's paths are exact), from the attribute's map. */
function shellPageFiles(map: string | null, pathname: string): string[] {
  if (!map) return [];
  try {
    const files: unknown = (JSON.parse(map) as Record<string, unknown>)[withoutTrailingSlash(pathname)];
    return Array.isArray(files) ? files.filter((file): file is string => typeof file === 'string') : [];
  } catch {
    // A malformed list hints nothing: the page then loads its files as it always could.
    return [];
  }
}

/** Hints these chunks and stylesheets now, as static <link rel=preload>s would have. */
function preloadFiles(doc: Document, hrefs: string[]): void {
  for (const href of hrefs.filter(Boolean)) {
    const link = doc.createElement('link');
    link.rel = 'preload';
    link.as = href.endsWith('.css') ? 'style' : 'script';
    link.href = href;
    doc.head.append(link);
  }
}
