import { BUILD } from '@dossier/build';
import { defineArea } from '@dossier/shared';
import { lazyPage, lazyWidget } from '@dossier/shared/ui';

export default defineArea(BUILD, (host) => {
  host.addRoutes([
    { path: '/portfolios', Component: lazyPage(() => import('./features/list/portfolios-page')), requiresAuth: true, title: 'Portfolios' },
    { path: '/portfolios/:portfolioId', Component: lazyPage(() => import('./features/detail/portfolio-detail-page')), requiresAuth: true, title: 'Portfolio' },
    { path: '/portfolio/:hash', Component: lazyPage(() => import('./pages/shared-portfolio-page')), title: 'Shared portfolio' },
  ]);
  host.addNav([{ label: 'Portfolios', path: '/portfolios', order: 20, requiresAuth: true }]);
  host.addWidgets({
    'portfolios.summary': lazyWidget(async () => (await import('./features/summary/portfolio-summary-widget')).default),
  });
});
