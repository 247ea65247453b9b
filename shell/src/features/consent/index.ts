export { ConsentGate } from './consent-gate';
export { ConsentDialog } from './consent-dialog';
export { LegalDialog } from './legal-dialog';
export { ModalDialog } from './modal-dialog';
