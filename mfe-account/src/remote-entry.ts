import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@dossier/shared';

// SPEC §2: /privacy-settings; the legal pages /privacy and /terms are readable without an account.
const areaModule = {
  contractVersion: CONTRACT_VERSION,
  release: process.env.DOSSIER_RELEASE,
  routes: [
    { path: '/settings', Component: lazy(() => import('./features/settings/settings-page')), requiresAuth: true, title: 'Settings' },
    { path: '/privacy-settings', Component: lazy(() => import('./features/privacy-settings/privacy-settings-page')), requiresAuth: true, title: 'Privacy Settings' },
    { path: '/privacy', Component: lazy(() => import('./features/legal/privacy-policy-page')), title: 'Privacy Policy' },
    { path: '/terms', Component: lazy(() => import('./features/legal/terms-of-service-page')), title: 'Terms of Service' },
    { path: '/transfers', Component: lazy(() => import('./pages/transfers-page')), requiresAuth: true, title: 'Transfers' },
    { path: '/payment-success', Component: lazy(() => import('./pages/payment-success-page')), requiresAuth: true, title: 'Payment successful' },
  ],
  nav: [{ label: 'Settings', path: '/settings', order: 90, requiresAuth: true }],
  widgets: {
    'account.deletion-notice': lazy(() => import('./features/delete-account/deletion-notice')),
  },
} satisfies RemoteModule;

export default areaModule;
