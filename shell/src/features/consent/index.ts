export { ConsentGate } from './consent-gate';
export { ModalDialog } from './modal-dialog';
