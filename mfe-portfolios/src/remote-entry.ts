import { BUILD } from '@dossier/build';
import { defineArea } from '@dossier/shared';
import { lazyWidget, pageRoute } from '@dossier/shared/ui';

// Declared here, not in register: the page the address names starts downloading while this
// module is evaluated (the shell loads it beside its own boot), not when its route first renders.
const PAGES = [
  pageRoute('/portfolios', () => import('./features/list/portfolios-page'), { requiresAuth: true, title: 'Portfolios' }),
  pageRoute('/portfolios/:portfolioId', () => import('./features/detail/portfolio-detail-page'), { requiresAuth: true, title: 'Portfolio' }),
  pageRoute('/portfolio/:hash', () => import('./pages/shared-portfolio-page'), { title: 'Shared portfolio' }),
];

export default defineArea(BUILD, (host) => {
  host.addRoutes(PAGES);
  host.addNav([{ label: 'Portfolios', path: '/portfolios', order: 20, requiresAuth: true }]);
  host.addWidgets({
    'portfolios.summary': lazyWidget(async () => (await import('./features/summary/portfolio-summary-widget')).default),
  });
});
