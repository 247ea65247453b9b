import type { SupabaseClient } from '@supabase/supabase-js';
import { PASSKEY_MESSAGES, passkeyErrorMessage, passkeysSupported } from './passkeys';

/**
 * Passkey autofill (WebAuthn conditional mediation, issue 27): while the sign-in form is shown,
 * a quiet passkey request waits behind the e-mail field (autocomplete="username webauthn"); the
 * browser lists the person's passkeys among its suggestions, and choosing one signs them in.
 */

interface ConditionalEnvironment {
  window?: { PublicKeyCredential?: { isConditionalMediationAvailable?: () => Promise<boolean> }; location?: { hostname: string } };
  navigator?: { credentials?: { create?: unknown; get?: unknown } };
}

export interface PasskeyAutofill {
  /** Ends the waiting request: the person signs in another way, or the form goes away. */
  abort(): void;
  /** Settles once the start-up check is done (for tests): true when a request is waiting. */
  readonly started: Promise<boolean>;
}

/** Refused passkeys in a row after which the waiting request is not started again. */
const MAX_FAILURES = 3;

const currentEnvironment = (): ConditionalEnvironment => ({
  window: typeof window === 'undefined' ? undefined : (window as ConditionalEnvironment['window']),
  navigator: typeof navigator === 'undefined' ? undefined : (navigator as ConditionalEnvironment['navigator']),
});

/** Whether this browser can offer passkeys in its autofill here. */
export async function passkeyAutofillAvailable(env: ConditionalEnvironment = currentEnvironment()): Promise<boolean> {
  if (!passkeysSupported(env)) return false;
  const check = env.window?.PublicKeyCredential?.isConditionalMediationAvailable;
  if (typeof check !== 'function') return false;
  try {
    return await check.call(env.window?.PublicKeyCredential);
  } catch {
    return false;
  }
}

/**
 * Starts the waiting request when the browser supports it. `onError` gets the SPEC §8 text of a
 * passkey the person chose that did not sign them in (another account's removed passkey, an
 * expired request); a new request then waits, so they can try again (up to three refusals). A dismissed prompt or a
 * failure that is not about the passkey (the network) ends it quietly: the form still works.
 */
export function startPasskeyAutofill(client: SupabaseClient, onError: (message: string) => void, env: ConditionalEnvironment = currentEnvironment()): PasskeyAutofill {
  let controller: AbortController | null = null;
  let stopped = false;
  let failures = 0;
  const request = async (): Promise<void> => {
    controller = new AbortController();
    const signal = controller.signal;
    // Our own signal: supabase-js's shared one would be aborted by, and abort, the other ceremonies.
    const { error } = await client.auth.signInWithPasskey({ options: { mediation: 'conditional', signal } });
    if (!error || stopped || signal.aborted) return;
    const message = passkeyErrorMessage(error, 'sign-in');
    if (!message || message === PASSKEY_MESSAGES.cancelled) return;
    onError(message);
    // A browser that answers at once (automation picks a credential immediately) would otherwise
    // ask the server again and again; after a few refusals the button and the form remain.
    failures += 1;
    if (failures < MAX_FAILURES) void request();
  };
  const started = passkeyAutofillAvailable(env).then((available) => {
    if (!available || stopped) return false;
    void request();
    return true;
  });
  return {
    abort() {
      stopped = true;
      controller?.abort();
    },
    started,
  };
}
