import { BUILD } from '@dossier/build';
import { defineArea } from '@dossier/shared';
import { lazyPage, lazyWidget } from '@dossier/shared/ui';

// SPEC §2: /privacy-settings; the legal pages /privacy and /terms are readable without an account.
export default defineArea(BUILD, (host) => {
  host.addRoutes([
    { path: '/settings', Component: lazyPage(() => import('./features/settings/settings-page')), requiresAuth: true, title: 'Settings' },
    { path: '/privacy-settings', Component: lazyPage(() => import('./features/privacy-settings/privacy-settings-page')), requiresAuth: true, title: 'Privacy Settings' },
    { path: '/privacy', Component: lazyPage(() => import('./features/legal/privacy-policy-page')), title: 'Privacy Policy' },
    { path: '/terms', Component: lazyPage(() => import('./features/legal/terms-of-service-page')), title: 'Terms of Service' },
    { path: '/transfers', Component: lazyPage(() => import('./features/transfers/transfers-page')), requiresAuth: true, title: 'Transfers' },
    { path: '/payment-success', Component: lazyPage(() => import('./features/payment-success/payment-success-page')), requiresAuth: true, title: 'Payment' },
  ]);
  host.addNav([
    // Transfers carries a badge with the offers waiting for the person (the shell's nav draws it).
    { label: 'Transfers', path: '/transfers', order: 85, requiresAuth: true },
    { label: 'Settings', path: '/settings', order: 90, requiresAuth: true },
  ]);
  host.addWidgets({
    // The plan and how much of each limit is used, with bars (issue 14).
    'account.deletion-notice': lazyWidget(async () => (await import('./features/delete-account/deletion-notice')).default),
    'account.emergency-notice': lazyWidget(async () => (await import('./features/trusted-contact/emergency-notice')).default),
    'account.plan-badge': lazyWidget(async () => (await import('./features/plan-badge/plan-badge')).PlanBadge),
  });
});
