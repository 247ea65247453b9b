import type { SupabaseClient } from '@supabase/supabase-js';
import { PASSKEY_MESSAGES, addPasskeySecondStep, passSecondStepWithPasskey, passkeyErrorMessage, passkeysSupported, removePasskey } from './passkeys';

const browser = (hostname: string, withWebAuthn = true) => ({
  window: { PublicKeyCredential: withWebAuthn ? function PublicKeyCredential() {} : undefined, location: { hostname } },
  navigator: { credentials: { create: () => undefined, get: () => undefined } },
});

describe('passkeysSupported', () => {
  it('offers passkeys on a host name with WebAuthn', () => {
    expect(passkeysSupported(browser('localhost'))).toBe(true);
    expect(passkeysSupported(browser('dossier.example.com'))).toBe(true);
  });

  it('hides them without WebAuthn, and on an IP address (browsers refuse it as relying party)', () => {
    expect(passkeysSupported(browser('dossier.example.com', false))).toBe(false);
    expect(passkeysSupported(browser('127.0.0.1'))).toBe(false);
    expect(passkeysSupported(browser('[::1]'))).toBe(false);
    expect(passkeysSupported({})).toBe(false);
  });
});

describe('passkeyErrorMessage', () => {
  const webAuthn = (code: string, causeName?: string) => Object.assign(new Error('x'), { name: 'WebAuthnError', code, cause: causeName ? Object.assign(new Error('y'), { name: causeName }) : undefined });
  const api = (code: string, status = 400) => Object.assign(new Error('x'), { name: 'AuthApiError', code, status });

  it('speaks of a cancelled ceremony, also when the device had no passkey to offer', () => {
    expect(passkeyErrorMessage(webAuthn('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'), 'sign-in')).toBe(PASSKEY_MESSAGES.cancelled);
    expect(passkeyErrorMessage(webAuthn('ERROR_CEREMONY_ABORTED'), 'add')).toBe(PASSKEY_MESSAGES.addCancelled);
    expect(passkeyErrorMessage(webAuthn('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'), 'second-step')).toBe(PASSKEY_MESSAGES.secondStepCancelled);
  });

  it("names a passkey the account no longer has, another account's passkey, an expired request", () => {
    expect(passkeyErrorMessage(api('webauthn_credential_not_found'), 'sign-in')).toBe(PASSKEY_MESSAGES.unknownPasskey);
    // Supabase Auth's answer to a removed passkey at sign-in; elsewhere it means "not checked".
    expect(passkeyErrorMessage(api('webauthn_verification_failed'), 'sign-in')).toBe(PASSKEY_MESSAGES.unknownPasskey);
    expect(passkeyErrorMessage(api('webauthn_verification_failed'), 'second-step')).toBe(PASSKEY_MESSAGES.notChecked);
    expect(passkeyErrorMessage(api('mfa_verification_failed', 422), 'second-step')).toBe(PASSKEY_MESSAGES.otherAccount);
    expect(passkeyErrorMessage(api('webauthn_challenge_expired'), 'sign-in')).toBe(PASSKEY_MESSAGES.expired);
    expect(passkeyErrorMessage(webAuthn('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError'), 'add')).toBe(PASSKEY_MESSAGES.alreadyAdded);
    expect(passkeyErrorMessage(new Error('Browser does not support WebAuthn'), 'sign-in')).toBe(PASSKEY_MESSAGES.unsupported);
  });

  it('leaves network and server failures to the usual messages', () => {
    expect(passkeyErrorMessage(api('unexpected_failure', 500), 'sign-in')).toBeNull();
    expect(passkeyErrorMessage(new TypeError('Failed to fetch'), 'sign-in')).toBeNull();
  });
});

describe('removePasskey', () => {
  function client(identities: Array<{ provider: string }>, passkeys: Array<{ id: string }>) {
    const remove = jest.fn(async () => ({ data: null, error: null }));
    const supabase = {
      auth: {
        getUser: async () => ({ data: { user: { id: 'u1', identities } }, error: null }),
        passkey: { list: async () => ({ data: passkeys.map((p) => ({ ...p, created_at: '2026-11-27T00:00:00Z' })), error: null }), delete: remove },
      },
    } as unknown as SupabaseClient;
    return { supabase, remove };
  }

  it('refuses to remove the last way in (no password, no Google, no other passkey)', async () => {
    const { supabase, remove } = client([], [{ id: 'p1' }]);
    await expect(removePasskey(supabase, 'p1')).rejects.toThrow(PASSKEY_MESSAGES.lastWayIn);
    expect(remove).not.toHaveBeenCalled();
  });

  it('removes it while a password, Google or another passkey still opens the account', async () => {
    for (const [identities, passkeys] of [
      [[{ provider: 'email' }], [{ id: 'p1' }]],
      [[{ provider: 'google' }], [{ id: 'p1' }]],
      [[], [{ id: 'p1' }, { id: 'p2' }]],
    ] as const) {
      const { supabase, remove } = client([...identities], [...passkeys]);
      await removePasskey(supabase, 'p1');
      expect(remove).toHaveBeenCalledWith({ passkeyId: 'p1' });
    }
  });
});

describe('the passkey as the second step', () => {
  // supabase-js defaults a WebAuthn factor to a security key (cross-platform): the browser then
  // waits for a USB key while the device's own Face ID or fingerprint reader is never offered.
  it("asks for the device's own passkey, not a security key, when adding and when using it", async () => {
    const register = jest.fn().mockResolvedValue({ data: {}, error: null });
    const authenticate = jest.fn().mockResolvedValue({ data: {}, error: null });
    const client = { auth: { mfa: { webauthn: { register, authenticate } } } } as unknown as SupabaseClient;
    await addPasskeySecondStep(client, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Version/17.0 Mobile/15E148 Safari/604.1');
    expect(register).toHaveBeenCalledWith(
      expect.objectContaining({ friendlyName: expect.stringMatching(/^Passkey · /) }),
      expect.objectContaining({ authenticatorSelection: { authenticatorAttachment: 'platform' }, hints: expect.not.arrayContaining(['security-key']) }),
    );
    await passSecondStepWithPasskey(client, 'factor-1');
    expect(authenticate).toHaveBeenCalledWith({ factorId: 'factor-1' }, expect.objectContaining({ hints: expect.not.arrayContaining(['security-key']) }));
  });
});
