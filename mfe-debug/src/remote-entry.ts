import { BUILD } from '@dossier/build';
import type { RemoteModule } from '@dossier/shared';
import { lazyPage } from '@dossier/shared/ui';
import { DEBUG_PAGES } from './diagnostics/debug-pages';
import { diagnosticsParcel } from './diagnostics/parcels';

// The 17 debug and test routes of SPEC §2, each a single-spa parcel (ParcelRoute).
const areaModule = {
  // What this remote was built against (inlined at build time), for the shell to judge.
  contractVersion: BUILD.contractVersion,
  release: BUILD.release,
  sharedRequirements: BUILD.sharedRequirements,
  // Runs once when the shell has loaded and accepted this area (contract 2: areas register themselves).
  register(host) {
    // Signed-in staff only (issue #9): the shell asks for sign-in, StaffGate checks the staff claim.
    host.addRoutes([
      ...DEBUG_PAGES.map((page) => ({ path: page.path, parcel: diagnosticsParcel(page), title: page.title, requiresAuth: true })),
      // The design system's component gallery (issue #9), for staff like the rest of this area.
      { path: '/design-system', Component: lazyPage(() => import('./gallery/component-gallery')), title: 'Design system', requiresAuth: true },
    ]);
  },
} satisfies RemoteModule;

export default areaModule;
