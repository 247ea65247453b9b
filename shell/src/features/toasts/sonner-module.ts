import type * as Sonner from 'sonner';
import { TOASTS } from '@dossier/shared/core';

export type SonnerModule = typeof Sonner;

/**
 * sonner, the toasts' renderer (~10 KB gzip), is not part of any page's boot (issue 24, ADR 0487):
 * no first row needs it. It is fetched once the opened page is drawn (toast-viewport.tsx), or
 * sooner when a toast is asked for first. A toast asked for before then waits here, in order,
 * and is shown when the module arrives — also after a failed fetch (offline before the service
 * worker had the chunk): the next toast or the browser's coming back online tries again.
 */
let loaded: SonnerModule | null = null;
let loading: Promise<SonnerModule> | null = null;
const waiting: ((sonner: SonnerModule) => void)[] = [];
const listeners = new Set<() => void>();

/**
 * What a toast asked for before sonner arrived says, for screen readers: sonner's own live region
 * comes with sonner, and a region added with its message already in it is not announced. The
 * viewport keeps a polite live region of its own on the page from the first render and puts this
 * text in it (toast-viewport.tsx, ADR 0487).
 */
let earlyAnnouncement = '';
let clearTimer: ReturnType<typeof setTimeout> | undefined;
const announcementListeners = new Set<() => void>();
/** How long the early text stays if sonner does not come (offline): as long as the toast it stood for. */
const EARLY_ANNOUNCEMENT_MS = TOASTS.durationMs;

const setEarlyAnnouncement = (text: string) => {
  earlyAnnouncement = text;
  for (const listener of announcementListeners) listener();
};

/** Fetches sonner once; a failed fetch is forgotten so the next call tries again. */
export function loadSonner(): Promise<SonnerModule> {
  loading ??= import(/* webpackChunkName: "toasts" */ 'sonner').then(
    (module) => {
      loaded = module;
      // sonner's own region says it from here: the early text goes in the same update, so the
      // page never holds the same words twice (a screen reader browsing, or a test, finds one).
      setEarlyAnnouncement('');
      for (const run of waiting.splice(0)) run(module);
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      if (waiting.length > 0) window.addEventListener('online', () => void loadSonner().catch(() => undefined), { once: true });
      throw error;
    },
  );
  return loading;
}

/** Runs `run` with sonner now if it is here, else once it has arrived (asking for it). */
export function withSonner(run: (sonner: SonnerModule) => void): void {
  if (loaded) {
    run(loaded);
    return;
  }
  waiting.push(run);
  void loadSonner().catch(() => undefined);
}

/** sonner if it has arrived, else null (a useSyncExternalStore snapshot). */
export const loadedSonner = (): SonnerModule | null => loaded;

/** Calls `listener` when sonner arrives. */
export function onSonnerLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Announces `text` in the early live region (only while sonner has not arrived). */
export function announceBeforeSonner(text: string): void {
  if (loaded || !text) return;
  setEarlyAnnouncement(text);
  clearTimeout(clearTimer);
  clearTimer = setTimeout(() => setEarlyAnnouncement(''), EARLY_ANNOUNCEMENT_MS);
}

/** The early region's text (a useSyncExternalStore snapshot). */
export const earlyToastAnnouncement = (): string => earlyAnnouncement;

/** Calls `listener` when the early region's text changes. */
export function onEarlyToastAnnouncement(listener: () => void): () => void {
  announcementListeners.add(listener);
  return () => announcementListeners.delete(listener);
}
