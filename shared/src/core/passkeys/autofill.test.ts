import type { SupabaseClient } from '@supabase/supabase-js';
import { passkeyAutofillAvailable, startPasskeyAutofill } from './autofill';
import { PASSKEY_MESSAGES } from './passkeys';

type Result = { data: unknown; error: unknown };

const browser = (conditional: boolean | undefined, hostname = 'dossier.example.com') => ({
  window: {
    PublicKeyCredential: conditional === undefined ? {} : { isConditionalMediationAvailable: () => Promise.resolve(conditional) },
    location: { hostname },
  },
  navigator: { credentials: { create: () => undefined, get: () => undefined } },
});

/** supabase-js's signInWithPasskey, answering each call with the next result once told to. */
function fakeClient() {
  const calls: Array<{ mediation?: string; signal?: AbortSignal; answer: (r: Result) => void }> = [];
  const signInWithPasskey = jest.fn(
    ({ options }: { options: { mediation?: string; signal?: AbortSignal } }) =>
      new Promise<Result>((resolve) => {
        calls.push({ ...options, answer: resolve });
        // What supabase-js does when the signal is aborted: the ceremony ends as aborted.
        options.signal?.addEventListener('abort', () => resolve({ data: null, error: Object.assign(new Error('aborted'), { code: 'ERROR_CEREMONY_ABORTED' }) }));
      }),
  );
  return { client: { auth: { signInWithPasskey } } as unknown as SupabaseClient, calls, signInWithPasskey };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const apiError = (code: string) => Object.assign(new Error(code), { name: 'AuthApiError', code, status: 400 });

describe('passkeyAutofillAvailable', () => {
  it('is true only where WebAuthn, a host name and conditional mediation all are', async () => {
    expect(await passkeyAutofillAvailable(browser(true))).toBe(true);
    expect(await passkeyAutofillAvailable(browser(false))).toBe(false);
    expect(await passkeyAutofillAvailable(browser(undefined))).toBe(false);
    expect(await passkeyAutofillAvailable(browser(true, '127.0.0.1'))).toBe(false);
    expect(await passkeyAutofillAvailable({})).toBe(false);
  });
});

describe('startPasskeyAutofill', () => {
  it('starts a conditional passkey request with its own signal, and aborting ends it', async () => {
    const { client, calls } = fakeClient();
    const onError = jest.fn();
    const autofill = startPasskeyAutofill(client, onError, browser(true));
    expect(await autofill.started).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].mediation).toBe('conditional');
    expect(calls[0].signal?.aborted).toBe(false);
    autofill.abort();
    expect(calls[0].signal?.aborted).toBe(true);
    await settle();
    expect(onError).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it('starts nothing where the browser has no passkey autofill', async () => {
    const { client, signInWithPasskey } = fakeClient();
    expect(await startPasskeyAutofill(client, jest.fn(), browser(false)).started).toBe(false);
    expect(signInWithPasskey).not.toHaveBeenCalled();
  });

  it('starts nothing when aborted before the browser answered the check', async () => {
    const { client, signInWithPasskey } = fakeClient();
    const autofill = startPasskeyAutofill(client, jest.fn(), browser(true));
    autofill.abort();
    expect(await autofill.started).toBe(false);
    expect(signInWithPasskey).not.toHaveBeenCalled();
  });

  it('says why a chosen passkey did not sign in, then waits again so the person can try another', async () => {
    const { client, calls } = fakeClient();
    const onError = jest.fn();
    const autofill = startPasskeyAutofill(client, onError, browser(true));
    await autofill.started;
    calls[0].answer({ data: null, error: apiError('webauthn_credential_not_found') });
    await settle();
    expect(onError).toHaveBeenCalledWith(PASSKEY_MESSAGES.unknownPasskey);
    expect(calls).toHaveLength(2);
    expect(calls[1].signal).not.toBe(calls[0].signal);
    autofill.abort();
    expect(calls[1].signal?.aborted).toBe(true);
  });

  it('stops waiting after three refused passkeys in a row, so a browser that answers at once cannot loop', async () => {
    const { client, calls } = fakeClient();
    const onError = jest.fn();
    await startPasskeyAutofill(client, onError, browser(true)).started;
    for (let i = 0; i < 3; i += 1) {
      calls[i].answer({ data: null, error: apiError('webauthn_credential_not_found') });
      await settle();
    }
    expect(onError).toHaveBeenCalledTimes(3);
    expect(calls).toHaveLength(3);
  });

  it('ends quietly on a failure that is not about the passkey (the form still works)', async () => {
    const { client, calls } = fakeClient();
    const onError = jest.fn();
    const autofill = startPasskeyAutofill(client, onError, browser(true));
    await autofill.started;
    calls[0].answer({ data: null, error: Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0 }) });
    await settle();
    expect(onError).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });
});
