/** Chromium's install event (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

type Listener = () => void;

/**
 * The browser may fire `beforeinstallprompt` before React has rendered anything, so the shell
 * starts listening when its services are created and keeps the event for the prompt to use.
 */
export interface InstallPromptEvents {
  start(): void;
  event(): BeforeInstallPromptEvent | null;
  installed(): boolean;
  consume(): void;
  subscribe(listener: Listener): () => void;
}

export function createInstallPromptEvents(target: Window = window): InstallPromptEvents {
  let deferred: BeforeInstallPromptEvent | null = null;
  let installed = false;
  let started = false;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    start() {
      if (started) return;
      started = true;
      target.addEventListener('beforeinstallprompt', (event) => {
        // Keep the browser's own mini-infobar away; our prompt offers the install instead.
        event.preventDefault();
        deferred = event as BeforeInstallPromptEvent;
        emit();
      });
      target.addEventListener('appinstalled', () => {
        installed = true;
        deferred = null;
        emit();
      });
    },
    event: () => deferred,
    installed: () => installed,
    consume() {
      deferred = null;
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The page's one instance. */
export const installPromptEvents = createInstallPromptEvents(typeof window === 'undefined' ? ({ addEventListener() {} } as unknown as Window) : window);
