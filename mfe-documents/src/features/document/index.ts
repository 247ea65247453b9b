// The document feature's public surface (what other features may import).
export { DocumentPanel } from './document-panel';
export { BlobPreview, isPreviewable } from './document-preview';
