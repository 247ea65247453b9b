import type { SupabaseClient } from '@supabase/supabase-js';
import { CONSENT } from '../limits';
import { HttpError } from '../errors';
import { claimConsent, clearConsent, pickChoices, readConsent, saveConsent, type ConsentPreferences } from './consent';

/**
 * Consent belongs to the account (issue 21 §7, ADR 0260): the choice is kept in
 * public.consent_choices, one row per person, and the browser's record (CONSENT.storageKey) is
 * this device's copy of it — what the app reads synchronously and offline.
 */

interface ConsentRow {
  analytics: boolean;
  marketing: boolean;
  notifications: boolean;
  data_processing: boolean;
  terms_accepted: boolean;
  privacy_accepted: boolean;
  version: string;
  chosen_at: string;
}

const COLUMNS = 'analytics,marketing,notifications,data_processing,terms_accepted,privacy_accepted,version,chosen_at';

function fromRow(row: ConsentRow): ConsentPreferences | null {
  // Another version counts as none (SPEC §4), as on the device.
  if (row.version !== CONSENT.version) return null;
  return {
    essential: true,
    ...pickChoices({
      analytics: row.analytics,
      marketing: row.marketing,
      notifications: row.notifications,
      dataProcessing: row.data_processing,
      termsAccepted: row.terms_accepted,
      privacyAccepted: row.privacy_accepted,
    }),
    timestamp: new Date(row.chosen_at).toISOString(),
    version: CONSENT.version,
  };
}

/** The account's choice; null when the person never chose (or chose under another version). */
export async function readAccountConsent(client: SupabaseClient): Promise<ConsentPreferences | null> {
  const { data, error } = await client.from('consent_choices').select(COLUMNS).maybeSingle();
  if (error) throw new HttpError(error.code === 'PGRST301' ? 401 : 500, error.message);
  return data ? fromRow(data as unknown as ConsentRow) : null;
}

/** Writes the choice to the account with its own time (the server keeps it no later than its now). */
export async function writeAccountConsent(client: SupabaseClient, userId: string, preferences: ConsentPreferences): Promise<ConsentPreferences> {
  const { data, error } = await client
    .from('consent_choices')
    .upsert(
      {
        user_id: userId,
        analytics: preferences.analytics,
        marketing: preferences.marketing,
        notifications: preferences.notifications,
        data_processing: preferences.dataProcessing,
        terms_accepted: preferences.termsAccepted,
        privacy_accepted: preferences.privacyAccepted,
        version: CONSENT.version,
        chosen_at: preferences.timestamp,
      },
      { onConflict: 'user_id' },
    )
    .select(COLUMNS)
    .single();
  if (error) throw new HttpError(500, error.message);
  return fromRow(data as unknown as ConsentRow) ?? preferences;
}

/**
 * A choice the person made here (dialog, Privacy Settings): this device at once, then the account.
 * Offline the account is told at the next sign-in or start (syncConsentWithAccount: the newer wins).
 */
export async function chooseConsent(client: SupabaseClient, userId: string, preferences: ConsentPreferences, storage?: Storage): Promise<void> {
  saveConsent(preferences, storage, undefined, userId);
  try {
    await writeAccountConsent(client, userId, preferences);
  } catch {
    // Kept on the device; the next sync sends it.
  }
}

/**
 * Brings this device and the account together when a person is signed in: the newer choice wins
 * and both end up holding it. Returns the choice that counts for the person; unreachable (offline),
 * the device's own copy of this person's choice.
 */
export async function syncConsentWithAccount(
  client: SupabaseClient,
  userId: string,
  storage?: Storage,
  { waitMs = 8_000 }: { waitMs?: number } = {},
): Promise<ConsentPreferences | null> {
  // Before anything reads the device's copy: an ownerless record is this person's from now on.
  claimConsent(storage, userId);
  let account: ConsentPreferences | null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    // An API that does not answer must not keep the question away for ever: after a while the
    // device's copy decides, like offline.
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the account did not answer')), waitMs);
    });
    account = await Promise.race([readAccountConsent(client), late]);
  } catch {
    return readConsent(storage, userId);
  } finally {
    clearTimeout(timer);
  }
  // The device's copy as it is now, not as it was when the account was asked: a choice made
  // meanwhile (Decline All in Privacy Settings while this read was on its way) is newer than the
  // account's answer and must not be overwritten by it.
  const local = readConsent(storage, userId);
  if (account && (!local || Date.parse(account.timestamp) >= Date.parse(local.timestamp))) {
    saveConsent(account, storage, undefined, userId);
    return account;
  }
  if (!local) return null;
  try {
    const written = await writeAccountConsent(client, userId, local);
    saveConsent(written, storage, undefined, userId);
    return written;
  } catch {
    return local;
  }
}

/** 'Clear my choices': forgotten on this device and on the account, so every device asks again. */
export async function forgetConsent(client: SupabaseClient, storage?: Storage): Promise<void> {
  clearConsent(storage);
  const { error } = await client.from('consent_choices').delete().not('user_id', 'is', null);
  if (error) throw new HttpError(500, error.message);
}
