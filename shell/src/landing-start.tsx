import { type MouseEvent, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { startServiceWorker } from './features/pwa/service-worker-client';
import { LightLandingView } from './landing-view';
import '@dossier/shared/ui/tokens';
import './styles.css';

/**
 * The light landing (ADR 0185): a visitor's `/` rendered with React and react-dom only — no
 * router, supabase-js, query client, design-system components or areas. It looks like the app's
 * frame for a visitor (same markup and classes as AppFrame) and registers the service worker.
 * The app itself (bootstrap.tsx) is fetched when the visitor shows intent (pointer over, focus
 * or touch on a link) and started on the click, at the link's address.
 * When the build prerendered the page into #root (ADR 0220), it is hydrated, not rendered again.
 */
export interface LightLandingOptions {
  /** Starts downloading the app without running it. */
  prefetch(): void;
  /** Runs the app; `beforeRender` is called just before it renders into #root. */
  open(beforeRender: () => void): Promise<void>;
}

export function startLightLanding(root: HTMLElement, { prefetch, open }: LightLandingOptions): void {
  let reactRoot: Root | undefined;
  let opening = false;
  let stopWorker = () => undefined as void;
  const openApp = (to?: string) => {
    if (opening) return;
    opening = true;
    document.documentElement.setAttribute('aria-busy', 'true');
    void open(() => {
      stopWorker();
      reactRoot?.unmount();
      document.documentElement.removeAttribute('aria-busy');
      if (to) window.history.pushState(null, '', to);
    });
  };

  /** An internal link: the app's address, fetched on intent, opened in place on a plain click. */
  const AppLink = ({ to, className, children }: { to: string; className?: string; children: ReactNode }) => (
    <a
      href={to}
      className={className}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onTouchStart={prefetch}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // A new tab or window (modifier keys, middle button) keeps the browser's own behaviour.
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        openApp(to);
      }}
    >
      {children}
    </a>
  );

  const page = <LightLandingView Link={AppLink} />;
  if (root.hasChildNodes()) {
    reactRoot = hydrateRoot(root, page);
  } else {
    reactRoot = createRoot(root);
    reactRoot.render(page);
  }

  // The installed app's worker, registered as the app does. A waiting update is offered by the
  // app's own toast: the app starts (at this address) and finds the waiting worker.
  stopWorker = startServiceWorker({ onMessage: () => undefined, onUpdateAvailable: () => openApp() });
}
