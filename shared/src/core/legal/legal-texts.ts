import { LEGAL_FACTS } from '../limits';

/**
 * The Privacy Policy and Terms of Service, in one place: the shell's consent dialogs and
 * mfe-account's /privacy, /terms and /privacy-settings pages all render these (SPEC §2, §5, §9).
 * Plain data, so a lawyer's edit is a text change and tests can check the SPEC facts are stated.
 */

export interface LegalSection {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
}

export interface LegalText {
  id: 'privacy-policy' | 'terms-of-service';
  title: string;
  /** ISO date of the last change */
  lastUpdated: string;
  summary: string;
  sections: LegalSection[];
}

const F = LEGAL_FACTS;
const CONTACT = 'privacy@dossier.app';

export const PRIVACY_POLICY: LegalText = {
  id: 'privacy-policy',
  title: 'Privacy Policy',
  lastUpdated: '2026-11-21',
  summary:
    'Dossier keeps your important documents so that you can find them when you need them. We collect only what the service needs, we never sell your data, and you can see, export or delete it at any time.',
  sections: [
    {
      id: 'what-we-collect',
      heading: 'What we collect',
      paragraphs: ['We collect three kinds of information:'],
      items: [
        'Account data: your name, e-mail address and a securely hashed password, or the identifier of the sign-in provider you chose (for example Google).',
        'Your content: the documents you upload or import, their categories, tags, portfolios, expiry dates and the share links you create. If you connect a cloud drive, we see only the files and folders you choose to import; access to your drive files is read-only.',
        'Usage data: technical records such as the time of a request, the browser and device type, error reports and page performance measurements, which we use to keep the service reliable and fast.',
      ],
    },
    {
      id: 'how-we-use',
      heading: 'How we use it',
      paragraphs: [
        'We use your information to provide Dossier: to store and show your documents, to remind you before a document expires, to let you share what you decide to share, and to keep your account secure.',
        'Analytics, marketing messages, notifications and optional data processing are used only if you turn them on in the consent dialog or on the Privacy Settings page. You can change these choices at any time; essential storage, which keeps you signed in and remembers your choices, cannot be turned off because the service cannot work without it.',
        'We do not sell your personal information, and we do not use the content of your documents for advertising.',
      ],
    },
    {
      id: 'sharing',
      heading: 'Who we share it with',
      paragraphs: [
        'Your documents are visible to you and to the people you share a link or portfolio with. We rely on a small number of service providers to host the database, file storage and e-mail delivery; they process data only on our instructions and under written agreements. We disclose information to authorities only when the law requires it.',
      ],
    },
    {
      id: 'retention',
      heading: 'How long we keep it',
      paragraphs: [
        `Your documents and account data are kept while your account is open. When you delete your account, your account data and documents are deleted within ${F.accountDeletionDays} days, including from backups as they rotate.`,
        `Usage data is kept for about ${F.usageDataRetentionYears} years, so that we can investigate problems and understand how the service is used over time; after that it is deleted or made anonymous.`,
      ],
    },
    {
      id: 'your-rights',
      heading: 'Your rights',
      paragraphs: [
        'You can see, correct, export or delete your information, object to or restrict its processing, and withdraw any consent you gave. Most of this you can do yourself in Settings and Privacy Settings.',
        `For anything else, write to ${CONTACT}. We answer privacy requests within ${F.privacyRequestResponseDays} days. You may also complain to your local data-protection authority.`,
      ],
    },
    {
      id: 'children',
      heading: 'Children',
      paragraphs: [
        `Dossier is not meant for children under ${F.minimumAge}, and we do not knowingly collect information from them. If you are under ${F.parentalPermissionUnder}, you may use Dossier only with the permission of a parent or legal guardian. If you believe a child under ${F.minimumAge} has given us information, contact us and we will delete it.`,
      ],
    },
    {
      id: 'security',
      heading: 'Security',
      paragraphs: [
        'Your data travels encrypted, is stored in private storage that only your account can read, and is protected by access rules enforced by the database itself. No system is perfectly secure; if a breach ever affects your information, we will tell you and the authorities as the law requires.',
      ],
    },
    {
      id: 'storage-on-device',
      heading: 'Storage on your device',
      paragraphs: [
        'Dossier stores a few things in your browser: your sign-in session, your consent choices, queued uploads made while offline, and cached pages so the app works offline. You can remove them by signing out or clearing your browser data.',
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to this policy',
      paragraphs: [
        'When we change this policy in a way that matters, we will show the change in the app and ask for your consent again where the law requires it. The date at the top shows the latest version.',
      ],
    },
  ],
};

export const TERMS_OF_SERVICE: LegalText = {
  id: 'terms-of-service',
  title: 'Terms of Service',
  lastUpdated: '2026-11-21',
  summary:
    'These terms are the agreement between you and Dossier. By creating an account or using the service, you accept them. Please read them; they are short.',
  sections: [
    {
      id: 'eligibility',
      heading: 'Who may use Dossier',
      paragraphs: [
        `You must be at least ${F.minimumAge} years old to use Dossier. If you are under ${F.parentalPermissionUnder}, you may use it only with the permission of a parent or legal guardian, who accepts these terms on your behalf.`,
      ],
    },
    {
      id: 'account',
      heading: 'Your account',
      paragraphs: [
        'Keep your password safe and tell us at once if you think someone else has used your account. You are responsible for what happens in your account, and the information you give us must be accurate.',
      ],
    },
    {
      id: 'your-content',
      heading: 'Your content',
      paragraphs: [
        'Your documents remain yours. You give us only the permission we need to store, process and show them to you and to the people you choose to share them with. You are responsible for having the right to upload what you upload.',
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      paragraphs: ['You agree not to:'],
      items: [
        'upload anything illegal, or anything that infringes the rights of others;',
        'try to reach other people\u2019s data, probe or break the service\u2019s security, or overload it;',
        'use share links to distribute malware or spam.',
      ],
    },
    {
      id: 'paid-plans',
      heading: 'Payments and transfers',
      paragraphs: [
        'Some features may require payment. Prices are shown before you pay. Fees already paid are not refundable except where the law says otherwise or we say so at the time of purchase.',
      ],
    },
    {
      id: 'availability',
      heading: 'Availability',
      paragraphs: [
        'We work to keep Dossier available and your data safe, but the service is provided "as is" and may sometimes be interrupted for maintenance or by events outside our control. Keep your own copies of documents that you cannot afford to lose.',
      ],
    },
    {
      id: 'liability',
      heading: 'Limitation of liability',
      paragraphs: [
        `To the extent the law allows, our total liability to you for any claim arising from the service is limited to the fees you paid us in the ${F.liabilityCapMonthsOfFees} months before the claim. We are not liable for indirect or consequential losses. Nothing in these terms limits liability that cannot be limited by law.`,
      ],
    },
    {
      id: 'ending',
      heading: 'Ending the agreement',
      paragraphs: [
        `You can delete your account at any time in Settings; your account data is then deleted within ${F.accountDeletionDays} days. We may suspend or close an account that breaks these terms, and will tell you why unless the law prevents it.`,
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      paragraphs: [
        'We may update these terms. If a change matters, we will tell you in the app before it applies and ask you to accept the new terms. If you do not accept them, you can close your account.',
      ],
    },
    {
      id: 'contact',
      heading: 'Contact',
      paragraphs: [`Questions about these terms: ${CONTACT}.`],
    },
  ],
};

export const LEGAL_TEXTS = { privacy: PRIVACY_POLICY, terms: TERMS_OF_SERVICE } as const;

/** All the words of a legal text, for search and tests. */
export function legalTextContent(text: LegalText): string {
  return [text.title, text.summary, ...text.sections.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])])].join('\n');
}
