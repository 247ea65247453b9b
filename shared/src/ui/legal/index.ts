export { LegalDocument } from './legal-document';
