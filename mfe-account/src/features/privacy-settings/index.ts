export { default as PrivacySettingsPage } from './privacy-settings-page';
