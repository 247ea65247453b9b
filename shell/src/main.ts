// Async bootstrap (docs/architecture.md): Module Federation negotiates the shared singletons before
// any of them is used. If even that fails, the last-resort screen is plain DOM.
import { renderApplicationError } from '@dossier/application-error';
import { requestAppConfig } from './config/request-app-config';
import { readAppConfigEarly } from './config/early-app-config';
import { startAreaEarly } from './federation/early-area-load';
import { startLibraryPageEarly } from './first-data/early-library-page';
import { browserStorage, isLandingVisit } from './landing-visit';
import { authFirstPaintShowing, releaseAuthFirstPaint } from './prerender/auth-first-paint';

// The runtime config is requested now, while the shared chunks that bootstrap needs download,
// instead of after them: it was the last request before the first render.
const appConfigResponse = requestAppConfig();

const failed = (error: unknown) => {
  console.error('Dossier could not start', error);
  releaseAuthFirstPaint();
  renderApplicationError();
};
const loadApp = () => import('./bootstrap');
const startApp = (beforeRender?: () => void) => loadApp().then(({ start }) => start(appConfigResponse, { beforeRender }));

const root = document.getElementById('root');
const landing = root !== null && isLandingVisit(window.location, browserStorage());
// The production index.html carries the landing prerendered in a hidden #root (ADR 0220): shown
// at the first paint on a visitor's `/` only. Anywhere else it leaves before #root is shown.
// On a visitor's /auth the prerendered sign-in card stays, and #root hidden, until the app's
// AuthPage takes over (ADR 0499); elsewhere the hidden card leaves now.
const authCardShowing = authFirstPaintShowing();
if (!authCardShowing) releaseAuthFirstPaint();
if (root?.hidden) {
  if (!landing) root.replaceChildren();
  root.hidden = authCardShowing;
}
if (root && landing) {
  // A visitor's `/`: the light landing, without the app (ADR 0185). The app is fetched on intent
  // and started when the visitor follows a link.
  if (window.location.search === '?logout') window.history.replaceState(window.history.state, '', '/');
  import(/* webpackChunkName: "landing" */ './landing-start')
    .then(({ startLightLanding }) =>
      startLightLanding(root, {
        prefetch: () => void loadApp().catch(() => undefined),
        open: (beforeRender) => startApp(beforeRender).catch(failed),
      }),
    )
    .catch(failed);
} else {
  // The page's area and its first data are asked for beside the shell's boot, not after it
  // (issue 24, ADR 0482 and 0483).
  const appConfig = readAppConfigEarly(appConfigResponse);
  void startAreaEarly(appConfig, window.location.pathname);
  void startLibraryPageEarly(appConfig, window.location);
  startApp().catch(failed);
}
