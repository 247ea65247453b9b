import { lazy } from 'react';
import { CONTRACT_VERSION, type RemoteModule } from '@dossier/shared';
import { DEBUG_PAGES } from './diagnostics/debug-pages';
import { diagnosticsParcel } from './diagnostics/parcels';

// The 17 debug and test routes of SPEC §2, each a single-spa parcel (ParcelRoute).
const areaModule = {
  contractVersion: CONTRACT_VERSION,
  release: process.env.DOSSIER_RELEASE,
  // Signed-in staff only (issue #9): the shell asks for sign-in, StaffGate checks the staff claim.
  routes: [
    ...DEBUG_PAGES.map((page) => ({ path: page.path, parcel: diagnosticsParcel(page), title: page.title, requiresAuth: true })),
    // The design system's component gallery (issue #9), for staff like the rest of this area.
    { path: '/design-system', Component: lazy(() => import('./gallery/component-gallery')), title: 'Design system', requiresAuth: true },
  ],
  nav: [],
} satisfies RemoteModule;

export default areaModule;
