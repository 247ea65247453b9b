import { BUILD } from '@dossier/build';
import { defineArea } from '@dossier/shared';
import { lazyWidget, pageRoute } from '@dossier/shared/ui';

// SPEC §2: /privacy-settings; the legal pages /privacy and /terms are readable without an account.
// Declared here, not in register: the page the address names starts downloading while this
// module is evaluated (the shell loads it beside its own boot), not when its route first renders.
const PAGES = [
  pageRoute('/settings', () => import('./features/settings/settings-page'), { requiresAuth: true, title: 'Settings' }),
  pageRoute('/privacy-settings', () => import('./features/privacy-settings/privacy-settings-page'), { requiresAuth: true, title: 'Privacy Settings' }),
  pageRoute('/privacy', () => import('./features/legal/privacy-policy-page'), { title: 'Privacy Policy' }),
  pageRoute('/terms', () => import('./features/legal/terms-of-service-page'), { title: 'Terms of Service' }),
  pageRoute('/transfers', () => import('./features/transfers/transfers-page'), { requiresAuth: true, title: 'Transfers' }),
  pageRoute('/payment-success', () => import('./features/payment-success/payment-success-page'), { requiresAuth: true, title: 'Payment' }),
];

export default defineArea(BUILD, (host) => {
  host.addRoutes(PAGES);
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
