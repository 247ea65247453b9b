import type { SupabaseClient } from '@supabase/supabase-js';
import { acceptAllConsent, claimConsent, declineAllConsent, readConsent, saveConsent } from './consent';
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

describe('an ownerless record on a shared device', () => {
  const personB = '2b8c1e0a-5f3d-4c7e-8a21-9d4e6f7a8b90';

  it('is claimed by the first person whose session is known, so the next person is asked and their account is not written', async () => {
    // Written before A's id was known (or by an older version): no owner.
    saveConsent(acceptAllConsent(new Date('2026-11-28T06:00:00Z')), localStorage);
    // A signs in: the gate learns A's id and claims the record; A's sync is still on its way
    // when A signs out.
    claimConsent(localStorage, userId);
    const a = accountAnswering(null as unknown as Record<string, unknown>);
    void syncConsentWithAccount(a.client, userId, localStorage);
    // B signs in on the same device; B's account holds nothing.
    const b = accountAnswering(null as unknown as Record<string, unknown>);
    const syncedB = syncConsentWithAccount(b.client, personB, localStorage);
    b.release();
    expect(await syncedB).toBeNull();
    expect(b.writes).toEqual([]);
    expect(readConsent(localStorage, personB)).toBeNull();
    expect(readConsent(localStorage, userId)).not.toBeNull();
  });

  it('is claimed at once and without the network, and an owned record keeps its owner', () => {
    saveConsent(declineAllConsent(new Date('2026-11-28T06:00:00Z')), localStorage);
    expect(claimConsent(localStorage, userId)).toBe(true);
    expect(claimConsent(localStorage, personB)).toBe(false);
    expect(readConsent(localStorage, personB)).toBeNull();
    expect(readConsent(localStorage, userId)?.termsAccepted).toBe(false);
  });
});
