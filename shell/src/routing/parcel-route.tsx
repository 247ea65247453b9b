// Its own chunk (imported lazily by area-outlet.tsx): single-spa is needed only for the parcel
// routes of mfe-debug, so the shell's first load does not carry it.
export { ParcelHost as default } from '@dossier/shared/parcel';
