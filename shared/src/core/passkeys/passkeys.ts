import type { SupabaseClient } from '@supabase/supabase-js';
import { describeDevice } from '../device/describe-device';

/**
 * Passkeys (issue 27) through supabase-js's auth.passkey and auth.mfa only, so the same code runs
 * on hosted Supabase and on the local stack. Shared by the shell (/auth, the offer after sign-up,
 * the two-step screen) and the account remote (Settings → Security).
 */

/** One passkey as GET /auth/v1/passkeys lists it. */
export interface Passkey {
  id: string;
  friendly_name?: string;
  created_at: string;
  last_used_at?: string;
}

interface PasskeyEnvironment {
  window?: { PublicKeyCredential?: unknown; location?: { hostname: string } };
  navigator?: { credentials?: { create?: unknown; get?: unknown } };
}

const current = (): PasskeyEnvironment => ({
  window: typeof window === 'undefined' ? undefined : (window as PasskeyEnvironment['window']),
  navigator: typeof navigator === 'undefined' ? undefined : (navigator as PasskeyEnvironment['navigator']),
});

/**
 * Whether this browser can use a passkey here: WebAuthn present, and a host name a relying party
 * can be (browsers refuse an IP address such as 127.0.0.1). Where not, the option is hidden.
 */
export function passkeysSupported(env: PasskeyEnvironment = current()): boolean {
  const w = env.window;
  const creds = env.navigator?.credentials;
  if (!w?.PublicKeyCredential || typeof creds?.create !== 'function' || typeof creds?.get !== 'function') return false;
  const host = w.location?.hostname ?? '';
  return !/^\d+\.\d+\.\d+\.\d+$/.test(host) && !host.includes(':') && !host.startsWith('[');
}

export type PasskeyStep = 'sign-in' | 'add' | 'second-step';

export const PASSKEY_MESSAGES = {
  cancelled: 'Passkey sign-in was cancelled. If this device has no passkey for Dossier, sign in with your password.',
  addCancelled: 'Adding the passkey was cancelled. Nothing was changed.',
  secondStepCancelled: 'The passkey check was cancelled. Try again, or use a recovery code.',
  alreadyAdded: 'This device already has a passkey for your account.',
  unknownPasskey: 'That passkey did not sign you in. If you removed it from your account, sign in with your password, then add a new passkey in Settings.',
  otherAccount: 'That passkey belongs to another account. Use the passkey you added to this account, or a recovery code.',
  expired: 'The passkey request expired. Please try again.',
  notChecked: 'That passkey could not be checked. Please try again, or sign in with your password.',
  unsupported: 'Passkeys are not available in this browser. Sign in with your password.',
  lastWayIn: 'This passkey is your only way to sign in. Set a password or add another passkey before you remove it.',
  tooMany: 'You have the most passkeys an account can have. Remove one before adding another.',
} as const;

/** The error and its causes: supabase-js wraps the browser's DOMException in a WebAuthnError. */
function chain(error: unknown): Array<{ code: string; name: string }> {
  const out: Array<{ code: string; name: string }> = [];
  let e: unknown = error;
  while (typeof e === 'object' && e !== null && out.length < 4) {
    const { code, name, cause } = e as { code?: unknown; name?: unknown; cause?: unknown };
    out.push({ code: typeof code === 'string' ? code : '', name: typeof name === 'string' ? name : '' });
    e = cause === e ? undefined : cause;
  }
  return out;
}

/**
 * The SPEC §8-voiced text for a failed passkey step, or null when the failure is not about the
 * passkey (network, server): the caller shows its usual message for those.
 */
export function passkeyErrorMessage(error: unknown, step: PasskeyStep): string | null {
  const links = chain(error);
  const code = links.find((l) => l.code)?.code ?? '';
  const names = new Set(links.map((l) => l.name));
  const message = typeof (error as { message?: unknown })?.message === 'string' ? String((error as { message: string }).message) : '';
  if (/does not support WebAuthn/i.test(message)) return PASSKEY_MESSAGES.unsupported;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || code === 'webauthn_credential_exists' || names.has('InvalidStateError')) return PASSKEY_MESSAGES.alreadyAdded;
  if (code === 'ERROR_CEREMONY_ABORTED' || names.has('NotAllowedError') || names.has('AbortError')) return step === 'add' ? PASSKEY_MESSAGES.addCancelled : step === 'second-step' ? PASSKEY_MESSAGES.secondStepCancelled : PASSKEY_MESSAGES.cancelled;
  if (code === 'too_many_passkeys') return PASSKEY_MESSAGES.tooMany;
  if (code === 'webauthn_credential_not_found') return PASSKEY_MESSAGES.unknownPasskey;
  if (code === 'webauthn_challenge_expired' || code === 'webauthn_challenge_not_found' || code === 'mfa_challenge_expired') return PASSKEY_MESSAGES.expired;
  if (code === 'mfa_verification_failed') return PASSKEY_MESSAGES.otherAccount;
  // Supabase Auth answers an unknown (removed) passkey and a bad signature alike at sign-in:
  // the person is told both, and what to do.
  if (code === 'webauthn_verification_failed') return step === 'sign-in' ? PASSKEY_MESSAGES.unknownPasskey : PASSKEY_MESSAGES.notChecked;
  return null;
}

function unwrap<T>(result: { data: T | null; error: unknown }): T {
  if (result.error) throw result.error;
  return result.data as T;
}

/** Signs in with a passkey on this device (no e-mail, no password). */
export async function signInWithPasskey(client: SupabaseClient): Promise<void> {
  unwrap(await client.auth.signInWithPasskey());
}

/** Adds a passkey for the signed-in person, named after this device ("Chrome on Mac"). */
export async function addPasskey(client: SupabaseClient, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): Promise<Passkey> {
  const added = unwrap(await client.auth.registerPasskey());
  const named = await client.auth.passkey.update({ passkeyId: added.id, friendlyName: describeDevice(userAgent) });
  return named.data ?? { ...added };
}

export async function listPasskeys(client: SupabaseClient): Promise<Passkey[]> {
  return unwrap(await client.auth.passkey.list()) ?? [];
}

export async function renamePasskey(client: SupabaseClient, passkeyId: string, friendlyName: string): Promise<Passkey> {
  return unwrap(await client.auth.passkey.update({ passkeyId, friendlyName }));
}

export class LastWayInError extends Error {
  constructor() {
    super(PASSKEY_MESSAGES.lastWayIn);
    this.name = 'LastWayInError';
  }
}

/**
 * Removes a passkey, unless it is the last way into the account: no password, no Google identity
 * and no other passkey. (GoTrue itself would remove it and leave the person locked out.)
 */
export async function removePasskey(client: SupabaseClient, passkeyId: string): Promise<void> {
  const [{ data: userData, error }, passkeys] = await Promise.all([client.auth.getUser(), listPasskeys(client)]);
  if (error) throw error;
  const identities = userData.user?.identities ?? [];
  // An e-mail identity is a password (Dossier signs up with one); Google is a way in of its own.
  const otherWays = passkeys.filter((p) => p.id !== passkeyId).length + identities.length;
  if (otherWays === 0) throw new LastWayInError();
  unwrap(await client.auth.passkey.delete({ passkeyId }));
}

/** The verified WebAuthn second factor of the person, if any (the two-step screen's passkey). */
export async function passkeyFactorId(client: SupabaseClient): Promise<string | null> {
  const { data, error } = await client.auth.mfa.listFactors();
  if (error) throw error;
  return data.all.find((f) => f.factor_type === 'webauthn' && f.status === 'verified')?.id ?? null;
}

/**
 * supabase-js's WebAuthn factor asks by default for a security key (`authenticatorAttachment:
 * 'cross-platform'`, hint `security-key`), and the browser then waits for a USB key that never
 * comes while Face ID or the fingerprint reader is right there. Dossier's second step is the
 * device's own passkey; on another device the browser still offers a phone nearby (hybrid).
 */
export const SECOND_STEP_PASSKEY_OPTIONS = {
  create: { hints: ['client-device', 'hybrid'], authenticatorSelection: { authenticatorAttachment: 'platform' } },
  request: { hints: ['client-device', 'hybrid'] },
} as const;

// Only the members overridden: supabase-js merges them over the server's options (its types ask
// for a whole options object, challenge included).
type WebAuthnFactorApi = SupabaseClient['auth']['mfa']['webauthn'];
type CreateOverrides = Parameters<WebAuthnFactorApi['register']>[1];
type RequestOverrides = Parameters<WebAuthnFactorApi['authenticate']>[1];

/** Adds a passkey as the second step (a WebAuthn factor); the session becomes aal2. */
export async function addPasskeySecondStep(client: SupabaseClient, userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent): Promise<void> {
  unwrap(await client.auth.mfa.webauthn.register({ friendlyName: `Passkey · ${describeDevice(userAgent)}` }, SECOND_STEP_PASSKEY_OPTIONS.create as unknown as CreateOverrides));
}

/** Passes the second step with the person's passkey (instead of the authenticator code). */
export async function passSecondStepWithPasskey(client: SupabaseClient, factorId: string): Promise<void> {
  unwrap(await client.auth.mfa.webauthn.authenticate({ factorId }, SECOND_STEP_PASSKEY_OPTIONS.request as unknown as RequestOverrides));
}
