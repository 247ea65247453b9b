import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@dossier/shared';
import { lazyWidget } from '@dossier/shared/ui';

const areaModule = {
  contractVersion: CONTRACT_VERSION,
  release: process.env.DOSSIER_RELEASE,
  routes: [
    { path: '/portfolios', Component: lazy(() => import('./features/list/portfolios-page')), requiresAuth: true, title: 'Portfolios' },
    { path: '/portfolios/:portfolioId', Component: lazy(() => import('./features/detail/portfolio-detail-page')), requiresAuth: true, title: 'Portfolio' },
    { path: '/portfolio/:hash', Component: lazy(() => import('./pages/shared-portfolio-page')), title: 'Shared portfolio' },
  ],
  nav: [{ label: 'Portfolios', path: '/portfolios', order: 20, requiresAuth: true }],
  widgets: {
    'portfolios.summary': lazyWidget(async () => (await import('./features/summary/portfolio-summary-widget')).default),
  },
} satisfies RemoteModule;

export default areaModule;
