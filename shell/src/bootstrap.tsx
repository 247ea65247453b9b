import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { completeDriveOAuthReturn } from '@dossier/shared/drive-oauth';
import { App } from './app';
import { startFirstData } from './bootstrap-first-data';
import { loadAppConfig } from './config/load-app-config';
import { consumeLogoutMarker } from './services/auth-store';
import { createServices } from './services/create-services';
import { AuthRoutePage, areaOfPath } from './routing/route-table';
import { authFirstPaintShowing, releaseAuthFirstPaint } from './prerender/auth-first-paint';
import './styles.css';

/**
 * Reads the runtime config (from the request main.ts started), builds the services, renders.
 * Any failure here: 'Application Error' (main.ts). `beforeRender` runs just before the first render
 * (the light landing hands over #root and the address there, landing-start.tsx).
 */
export async function start(appConfigResponse?: Promise<Response>, { beforeRender }: { beforeRender?: () => void } = {}) {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  // Google Drive's consent answer (the drive popup, or its redirect fallback): stored, handed to
  // the opener, and the page closes; nothing else of the app runs in that window.
  if (completeDriveOAuthReturn()) return;
  const config = await loadAppConfig(appConfigResponse);
  const skipSessionCheck = consumeLogoutMarker();
  const shell = createServices(config, { skipSessionCheck });
  // The area the address names starts loading now, beside the first render, instead of when its
  // outlet mounts (issue 24: one hop less in the waterfall). Its outlet picks up the same load and
  // shows a failure.
  const area = areaOfPath(window.location.pathname);
  if (area && shell.areas.enabled(area)) {
    shell.areas.load(area).catch(() => undefined);
    // …and its first data beside its code, not after it.
    startFirstData({ authStore: shell.authStore, queryClient: shell.base.queryClient, supabase: shell.supabase }, window.location);
  }
  // index.html shows /auth's card (ADR 0499): the app's first render should be that page, not a
  // spinner in its place, so its code is awaited (it was asked for when the page table loaded).
  if (authFirstPaintShowing()) await AuthRoutePage.preload().catch(() => undefined);
  beforeRender?.();
  createRoot(root).render(
    <FirstPaintReleased>
      <App shell={shell} />
    </FirstPaintReleased>,
  );
}

/**
 * The app's first commit shows #root and removes any prerendered card (AuthPage, committed in the
 * same pass, has already taken what was typed on it). Whatever the first commit holds — the page,
 * an error, a redirect — the person is never left with a card that does nothing.
 */
function FirstPaintReleased({ children }: { children: ReactNode }) {
  useLayoutEffect(() => releaseAuthFirstPaint(), []);
  return children;
}

