import type { SupabaseClient } from '@supabase/supabase-js';
import { acceptAllConsent, declineAllConsent, readConsent, saveConsent } from './consent';
import { syncConsentWithAccount } from './consent-account';

const userId = '7d0f6f4e-9a43-4f8e-9a55-3c1d2f0e8b11';

/** The account's row as PostgREST answers it, released when the test says so; writes recorded. */
function accountAnswering(row: Record<string, unknown>) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const writes: Record<string, unknown>[] = [];
  const client = {
    from: () => ({
      select: () => ({ maybeSingle: async () => (await released, { data: row, error: null }) }),
      upsert: (values: Record<string, unknown>) => {
        writes.push(values);
        return { select: () => ({ single: async () => ({ data: { ...values }, error: null }) }) };
      },
    }),
  } as unknown as SupabaseClient;
  return { client, release, writes };
}

const rowOf = (at: Date, accepted: boolean) => ({
  analytics: accepted,
  marketing: accepted,
  notifications: accepted,
  data_processing: accepted,
  terms_accepted: accepted,
  privacy_accepted: accepted,
  version: '1.0',
  chosen_at: at.toISOString(),
});

beforeEach(() => localStorage.clear());

describe('syncConsentWithAccount', () => {
  it("keeps a choice made on this device while the account's older answer was on its way", async () => {
    const accepted = new Date('2026-11-28T06:29:25Z');
    saveConsent(acceptAllConsent(accepted), localStorage, undefined, userId);
    const account = accountAnswering(rowOf(accepted, true));

    const syncing = syncConsentWithAccount(account.client, userId, localStorage);
    // The person declines in Privacy Settings before the account's answer arrives.
    saveConsent(declineAllConsent(new Date('2026-11-28T06:29:32Z')), localStorage, undefined, userId);
    account.release();
    const counted = await syncing;

    expect(counted).toMatchObject({ analytics: false, termsAccepted: false });
    expect(readConsent(localStorage, userId)).toMatchObject({ analytics: false, termsAccepted: false });
    // And the account is told the newer choice.
    expect(account.writes.at(-1)).toMatchObject({ analytics: false, terms_accepted: false });
  });

  it("takes the account's newer choice over this device's older one", async () => {
    saveConsent(declineAllConsent(new Date('2026-11-27T10:00:00Z')), localStorage, undefined, userId);
    const account = accountAnswering(rowOf(new Date('2026-11-28T06:00:00Z'), true));
    account.release();

    expect(await syncConsentWithAccount(account.client, userId, localStorage)).toMatchObject({ analytics: true, termsAccepted: true });
    expect(readConsent(localStorage, userId)).toMatchObject({ analytics: true });
    expect(account.writes).toEqual([]);
  });
});
