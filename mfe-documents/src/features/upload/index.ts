// The upload feature's public surface (what other features may import).
export { UploadPanel } from './upload-panel';
export { QueuedUploads } from './queued-uploads';
