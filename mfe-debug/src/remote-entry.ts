import { BUILD } from '@dossier/build';
import { defineArea } from '@dossier/shared';
import { pageRoute } from '@dossier/shared/ui';
import { DEBUG_PAGES } from './diagnostics/debug-pages';
import { diagnosticsParcel } from './diagnostics/parcels';

// The design system's component gallery (issue #9), for staff like the rest of this area; declared
// here so it starts downloading while this module is evaluated when the address names it.
const GALLERY = pageRoute('/design-system', () => import('./gallery/component-gallery'), { title: 'Design system', requiresAuth: true });

// The 17 debug and test routes of SPEC §2, each a single-spa parcel (ParcelRoute).
export default defineArea(BUILD, (host) => {
  // Signed-in staff only (issue #9): the shell asks for sign-in, StaffGate checks the staff claim.
  host.addRoutes([
    ...DEBUG_PAGES.map((page) => ({ path: page.path, parcel: diagnosticsParcel(page), title: page.title, requiresAuth: true })),
    GALLERY,
  ]);
});
