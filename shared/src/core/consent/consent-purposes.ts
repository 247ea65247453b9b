import type { ConsentChoices } from './consent';

/** The optional purposes a person can allow, in the words the dialog and Privacy Settings show. */
export const CONSENT_PURPOSES: readonly { key: Exclude<keyof ConsentChoices, 'termsAccepted' | 'privacyAccepted'>; label: string; description: string }[] = [
  { key: 'analytics', label: 'Analytics', description: 'Anonymous usage and performance measurements that help us improve Dossier.' },
  { key: 'marketing', label: 'Marketing', description: 'News about features and offers by e-mail.' },
  { key: 'notifications', label: 'Notifications', description: 'Reminders before your documents expire and updates about uploads.' },
  { key: 'dataProcessing', label: 'Data processing', description: 'Automatic analysis of your documents to suggest categories and tags.' },
];

export const ESSENTIAL_PURPOSE = {
  label: 'Essential',
  description: 'Keeps you signed in and remembers these choices. Always on: Dossier cannot work without it.',
} as const;
