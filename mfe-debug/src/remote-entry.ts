import { BUILD } from '@dossier/build';
import type { RemoteModule } from '@dossier/shared';
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
    host.addRoutes(DEBUG_PAGES.map((page) => ({ path: page.path, parcel: diagnosticsParcel(page), title: page.title })));
  },
} satisfies RemoteModule;

export default areaModule;
