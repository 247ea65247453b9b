import { CONSENT, VALIDATION_MESSAGES } from '..';
import {
  CONSENT_CLEARED_EVENT,
  CONSENT_UPDATED_EVENT,
  DEFAULT_CONSENT_CHOICES,
  acceptAllConsent,
  acceptSelectedConsent,
  clearConsent,
  consentNeeded,
  declineAllConsent,
  readConsent,
  saveConsent,
  shouldAskForConsent,
  subscribeToConsent,
  type ConsentPreferences,
} from './consent';

const now = new Date('2026-06-01T12:00:00Z');

beforeEach(() => localStorage.clear());

describe('consent choices (SPEC §4)', () => {
  it('defaults to everything off', () => {
    expect(Object.values(DEFAULT_CONSENT_CHOICES).every((value) => value === false)).toBe(true);
  });

  it("'Accept All' sets everything true, version 1.0, with the time of the choice", () => {
    expect(acceptAllConsent(now)).toEqual({
      essential: true,
      analytics: true,
      marketing: true,
      notifications: true,
      dataProcessing: true,
      termsAccepted: true,
      privacyAccepted: true,
      timestamp: now.toISOString(),
      version: '1.0',
    });
  });

  it("'Decline All' keeps essential only", () => {
    const declined = declineAllConsent(now);
    expect(declined.essential).toBe(true);
    expect({ ...declined, essential: false, timestamp: '', version: '' }).toEqual({
      essential: false,
      ...DEFAULT_CONSENT_CHOICES,
      timestamp: '',
      version: '',
    });
  });

  it("'Accept Selected' needs both the Terms and the Privacy boxes", () => {
    const choices = { ...DEFAULT_CONSENT_CHOICES, analytics: true };
    expect(acceptSelectedConsent({ ...choices, termsAccepted: true }, now)).toEqual({ ok: false, error: VALIDATION_MESSAGES.consentRequired });
    expect(acceptSelectedConsent({ ...choices, privacyAccepted: true }, now)).toEqual({ ok: false, error: VALIDATION_MESSAGES.consentRequired });
    const accepted = acceptSelectedConsent({ ...choices, termsAccepted: true, privacyAccepted: true }, now);
    expect(accepted).toEqual({ ok: true, preferences: expect.objectContaining({ analytics: true, marketing: false, essential: true, version: '1.0' }) });
  });

  it('the exact message', () => {
    expect(VALIDATION_MESSAGES.consentRequired).toBe('You must accept the Terms of Service and Privacy Policy to continue.');
  });
});

describe('stored consent', () => {
  it('is one record under one key, read back as saved', () => {
    saveConsent(acceptAllConsent(now));
    expect(Object.keys(localStorage)).toEqual([CONSENT.storageKey]);
    expect(readConsent()).toEqual(acceptAllConsent(now));
  });

  it('with another version counts as none', () => {
    localStorage.setItem(CONSENT.storageKey, JSON.stringify({ ...acceptAllConsent(now), version: '0.9' }));
    expect(readConsent()).toBeNull();
  });

  it('that is unreadable counts as none', () => {
    localStorage.setItem(CONSENT.storageKey, '{not json');
    expect(readConsent()).toBeNull();
  });

  it('essential cannot be stored as off', () => {
    saveConsent({ ...declineAllConsent(now), essential: false } as unknown as ConsentPreferences);
    expect(readConsent()?.essential).toBe(true);
    localStorage.setItem(CONSENT.storageKey, JSON.stringify({ ...declineAllConsent(now), essential: false }));
    expect(readConsent()?.essential).toBe(true);
  });
});

describe('when consent is asked', () => {
  const oneYear = CONSENT.expiryMs;

  it('when nothing valid is stored', () => {
    expect(consentNeeded(null, now)).toBe(true);
  });

  it('when terms or privacy were not accepted', () => {
    expect(consentNeeded(declineAllConsent(now), now)).toBe(true);
    expect(consentNeeded({ ...acceptAllConsent(now), privacyAccepted: false }, now)).toBe(true);
    expect(consentNeeded({ ...acceptAllConsent(now), termsAccepted: false }, now)).toBe(true);
  });

  it('not within a year of accepting, and again after a year', () => {
    const accepted = acceptAllConsent(now);
    expect(consentNeeded(accepted, new Date(now.getTime() + oneYear))).toBe(false);
    expect(consentNeeded(accepted, new Date(now.getTime() + oneYear + 1))).toBe(true);
  });

  it('only of a signed-in user', () => {
    expect(shouldAskForConsent('signed-out', null, now)).toBe(false);
    expect(shouldAskForConsent('loading', null, now)).toBe(false);
    expect(shouldAskForConsent('signed-in', null, now)).toBe(true);
    expect(shouldAskForConsent('signed-in', acceptAllConsent(now), now)).toBe(false);
  });
});

describe('consent events', () => {
  it('saving broadcasts an update with the record; clearing broadcasts a cleared event', () => {
    const updated = jest.fn();
    const cleared = jest.fn();
    window.addEventListener(CONSENT_UPDATED_EVENT, updated);
    window.addEventListener(CONSENT_CLEARED_EVENT, cleared);
    saveConsent(acceptAllConsent(now));
    expect((updated.mock.calls[0][0] as CustomEvent).detail).toEqual(acceptAllConsent(now));
    clearConsent();
    expect(cleared).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(CONSENT.storageKey)).toBeNull();
    window.removeEventListener(CONSENT_UPDATED_EVENT, updated);
    window.removeEventListener(CONSENT_CLEARED_EVENT, cleared);
  });

  it('subscribers follow saves, clears and other tabs', () => {
    const listener = jest.fn();
    const stop = subscribeToConsent(listener);
    saveConsent(acceptAllConsent(now));
    expect(listener).toHaveBeenLastCalledWith(acceptAllConsent(now));
    clearConsent();
    expect(listener).toHaveBeenLastCalledWith(null);
    localStorage.setItem(CONSENT.storageKey, JSON.stringify(declineAllConsent(now)));
    window.dispatchEvent(new StorageEvent('storage', { key: CONSENT.storageKey }));
    expect(listener).toHaveBeenLastCalledWith(declineAllConsent(now));
    stop();
    clearConsent();
    expect(listener).toHaveBeenCalledTimes(3);
  });
});
