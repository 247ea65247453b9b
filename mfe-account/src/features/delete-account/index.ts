// The account-deletion feature's public surface.
export { DeleteAccountSection } from './delete-account-section';
export { DeletionNotice } from './deletion-notice';
