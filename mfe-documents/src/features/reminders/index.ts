// Expiry reminders (issue 15 §3): the dashboard's expiry radar and the settings section.
export { ExpiryRadar } from './expiry-radar';
export { ReminderSettings } from './reminder-settings';
