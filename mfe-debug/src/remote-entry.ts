import { CONTRACT_VERSION, type RemoteModule } from '@dossier/shared';
import { DEBUG_PAGES } from './diagnostics/debug-pages';
import { diagnosticsParcel } from './diagnostics/parcels';

// The 17 debug and test routes of SPEC §2, each a single-spa parcel (ParcelRoute).
const areaModule = {
  contractVersion: CONTRACT_VERSION,
  release: process.env.DOSSIER_RELEASE,
  routes: DEBUG_PAGES.map((page) => ({ path: page.path, parcel: diagnosticsParcel(page), title: page.title })),
  nav: [],
} satisfies RemoteModule;

export default areaModule;
