import { CONSENT } from '../limits';
import { VALIDATION_MESSAGES } from '../messages';

/** SPEC §3 consent preferences, kept in the browser under one key (CONSENT.storageKey). */
export interface ConsentPreferences {
  /** Always true: the app cannot work without its essential storage (session, this record). */
  essential: true;
  analytics: boolean;
  marketing: boolean;
  notifications: boolean;
  dataProcessing: boolean;
  termsAccepted: boolean;
  privacyAccepted: boolean;
  /** ISO date of the choice */
  timestamp: string;
  version: typeof CONSENT.version;
}

/** What a person can tick in the dialog. */
export type ConsentChoices = Omit<ConsentPreferences, 'essential' | 'timestamp' | 'version'>;

export const CONSENT_CHOICE_KEYS = ['analytics', 'marketing', 'notifications', 'dataProcessing', 'termsAccepted', 'privacyAccepted'] as const satisfies readonly (keyof ConsentChoices)[];

/** Window events other parts of the app (analytics, notifications) listen to. */
export const CONSENT_UPDATED_EVENT = 'dossier:consent-updated';
export const CONSENT_CLEARED_EVENT = 'dossier:consent-cleared';

/** SPEC §4: all off except essential. */
export const DEFAULT_CONSENT_CHOICES: Readonly<ConsentChoices> = Object.freeze({
  analytics: false,
  marketing: false,
  notifications: false,
  dataProcessing: false,
  termsAccepted: false,
  privacyAccepted: false,
});

const record = (choices: ConsentChoices, now: Date): ConsentPreferences => ({
  essential: true,
  ...choices,
  timestamp: now.toISOString(),
  version: CONSENT.version,
});

/** 'Accept All': everything true. */
export const acceptAllConsent = (now = new Date()): ConsentPreferences =>
  record({ analytics: true, marketing: true, notifications: true, dataProcessing: true, termsAccepted: true, privacyAccepted: true }, now);

/** 'Decline All': essential only, all else false. */
export const declineAllConsent = (now = new Date()): ConsentPreferences => record({ ...DEFAULT_CONSENT_CHOICES }, now);

export type AcceptSelectedResult = { ok: true; preferences: ConsentPreferences } | { ok: false; error: string };

/** 'Accept Selected': allowed only when both the Terms and the Privacy Policy boxes are ticked. */
export function acceptSelectedConsent(choices: ConsentChoices, now = new Date()): AcceptSelectedResult {
  if (!choices.termsAccepted || !choices.privacyAccepted) return { ok: false, error: VALIDATION_MESSAGES.consentRequired };
  return { ok: true, preferences: record(pickChoices(choices), now) };
}

/** The tickable part of a record (or of any object), with everything missing off. */
export function pickChoices(source: Partial<ConsentChoices> | null | undefined): ConsentChoices {
  const choices = { ...DEFAULT_CONSENT_CHOICES };
  for (const key of CONSENT_CHOICE_KEYS) choices[key] = source?.[key] === true;
  return choices;
}

const browserStorage = (): Storage | undefined => {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode): behave as if nothing was stored
  }
};

/** The stored record; a missing, unreadable or other-version record counts as none (SPEC §4). */
export function readConsent(storage: Storage | undefined = browserStorage(), userId?: string | null): ConsentPreferences | null {
  const raw = storage?.getItem(CONSENT.storageKey);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ConsentPreferences> & { userId?: unknown };
    if (parsed?.version !== CONSENT.version || typeof parsed.timestamp !== 'string' || Number.isNaN(Date.parse(parsed.timestamp))) return null;
    // Another account's choice on a shared device is not this person's (a record from before
    // consent followed the account has no owner and is taken as the current person's — the
    // gate claims it for the first person it knows before anything reads it: claimConsent, ADR 0484).
    if (userId && typeof parsed.userId === 'string' && parsed.userId !== userId) return null;
    return { ...record(pickChoices(parsed), new Date(parsed.timestamp)), timestamp: parsed.timestamp };
  } catch {
    return null;
  }
}

/**
 * An ownerless record (written before the person's id was known, or by an older version) belongs
 * to the first person whose session this device learns: stamped with their id here, at once and
 * without the network, so a later person on the same device never takes it as theirs. Returns
 * whether a record was claimed.
 */
export function claimConsent(storage: Storage | undefined = browserStorage(), userId?: string | null): boolean {
  if (!userId) return false;
  const raw = storage?.getItem(CONSENT.storageKey);
  if (!raw) return false;
  try {
    const parsed = JSON.parse(raw) as Record<string, unknown> | null;
    if (!parsed || typeof parsed !== 'object' || typeof parsed.userId === 'string') return false;
    storage?.setItem(CONSENT.storageKey, JSON.stringify({ ...parsed, userId }));
    return true;
  } catch {
    return false;
  }
}

/** Asked again when there is no valid record, terms or privacy were not accepted, or it is over a year old. */
export function consentNeeded(preferences: ConsentPreferences | null, now = new Date()): boolean {
  if (!preferences) return true;
  if (!preferences.termsAccepted || !preferences.privacyAccepted) return true;
  return now.getTime() - Date.parse(preferences.timestamp) > CONSENT.expiryMs;
}

/** Only a signed-in user is asked (SPEC §6). */
export function shouldAskForConsent(authStatus: 'loading' | 'signed-out' | 'signed-in', preferences: ConsentPreferences | null, now = new Date()): boolean {
  return authStatus === 'signed-in' && consentNeeded(preferences, now);
}

const eventTarget = (): EventTarget | undefined => (typeof window === 'undefined' ? undefined : window);

/**
 * Stores the record and tells the page (CONSENT_UPDATED_EVENT, detail = the record). `userId`
 * marks whose choice it is, so a shared device never shows one person's choice to another.
 */
export function saveConsent(
  preferences: ConsentPreferences,
  storage: Storage | undefined = browserStorage(),
  target: EventTarget | undefined = eventTarget(),
  userId?: string | null,
): void {
  const stored: ConsentPreferences = { ...preferences, essential: true, version: CONSENT.version };
  storage?.setItem(CONSENT.storageKey, JSON.stringify(userId ? { ...stored, userId } : stored));
  target?.dispatchEvent(new CustomEvent<ConsentPreferences>(CONSENT_UPDATED_EVENT, { detail: stored }));
}

/** Forgets the record and tells the page (CONSENT_CLEARED_EVENT). */
export function clearConsent(storage: Storage | undefined = browserStorage(), target: EventTarget | undefined = eventTarget()): void {
  storage?.removeItem(CONSENT.storageKey);
  target?.dispatchEvent(new CustomEvent(CONSENT_CLEARED_EVENT));
}

/**
 * Calls `listener` with the current record whenever it changes: in this page (the two events)
 * or in another tab (the storage event), so every open tab follows the latest choice.
 */
export function subscribeToConsent(listener: (preferences: ConsentPreferences | null) => void, target: EventTarget | undefined = eventTarget()): () => void {
  if (!target) return () => undefined;
  const onChange = () => listener(readConsent());
  const onStorage = (event: Event) => {
    if ((event as StorageEvent).key === CONSENT.storageKey || (event as StorageEvent).key === null) onChange();
  };
  target.addEventListener(CONSENT_UPDATED_EVENT, onChange);
  target.addEventListener(CONSENT_CLEARED_EVENT, onChange);
  target.addEventListener('storage', onStorage);
  return () => {
    target.removeEventListener(CONSENT_UPDATED_EVENT, onChange);
    target.removeEventListener(CONSENT_CLEARED_EVENT, onChange);
    target.removeEventListener('storage', onStorage);
  };
}
