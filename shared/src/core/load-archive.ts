/**
 * The zip code (`@dossier/shared/archive`: fflate, client-zip, the export and import) loaded on
 * demand, for pages that only need it when the person exports or imports. Lives here so that no
 * area imports the archive library dynamically (Nx would then forbid every static import of
 * `@dossier/shared` in that area).
 */
export const loadArchive = () => import('../archive');
