import { BUILD } from '@dossier/build';
import type { RemoteModule } from '@dossier/shared';
import { lazyPage, lazyWidget } from '@dossier/shared/ui';

const areaModule = {
  // What this remote was built against (inlined at build time), for the shell to judge.
  contractVersion: BUILD.contractVersion,
  release: BUILD.release,
  sharedRequirements: BUILD.sharedRequirements,
  // Runs once when the shell has loaded and accepted this area (contract 2: areas register themselves).
  register(host) {
    host.addRoutes([
      { path: '/portfolios', Component: lazyPage(() => import('./features/list/portfolios-page')), requiresAuth: true, title: 'Portfolios' },
      { path: '/portfolios/:portfolioId', Component: lazyPage(() => import('./features/detail/portfolio-detail-page')), requiresAuth: true, title: 'Portfolio' },
      { path: '/portfolio/:hash', Component: lazyPage(() => import('./pages/shared-portfolio-page')), title: 'Shared portfolio' },
    ]);
    host.addNav([{ label: 'Portfolios', path: '/portfolios', order: 20, requiresAuth: true }]);
    host.addWidgets({
      'portfolios.summary': lazyWidget(async () => (await import('./features/summary/portfolio-summary-widget')).default),
    });
  },
} satisfies RemoteModule;

export default areaModule;
