export { EmergencyAccessPanel } from './emergency-access-panel';
export { useTrustedContacts } from './use-trusted-contacts';
