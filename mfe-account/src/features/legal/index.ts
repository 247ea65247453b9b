export { default as PrivacyPolicyPage } from './privacy-policy-page';
export { default as TermsOfServicePage } from './terms-of-service-page';
export { LegalPage } from './legal-page';
