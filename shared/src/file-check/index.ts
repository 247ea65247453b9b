// Upload validation (issue 5): its own entry, not part of @dossier/shared/core, because it brings
// file-type's sniffers, and core is a federated singleton every app loads whole at start.
export * from './validate-file';
