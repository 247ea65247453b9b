import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { WebAuthnSettings } from './webauthn.js';

/**
 * The relying party's half of a WebAuthn ceremony, the one home for what passkeys
 * (routes-passkeys.ts) and the WebAuthn second factor (mfa-webauthn.ts) both do: options for the
 * configured relying party, and answers checked against its origins and RP id. What differs between
 * the two — discoverable or not, where credentials are stored — stays with the caller.
 * User verification is asked for ("preferred") but not required, as GoTrue does.
 */

export interface KnownCredential {
  /** base64url credential id */
  id: string;
  transports?: string[];
}

export interface StoredCredential extends KnownCredential {
  publicKey: Uint8Array;
  counter: number;
}

export function registrationOptions(
  s: WebAuthnSettings,
  person: { userId: string; userName: string; displayName: string },
  options: { exclude: KnownCredential[]; discoverable: boolean; timeoutMs?: number },
) {
  return generateRegistrationOptions({
    rpName: s.rpName,
    rpID: s.rpId,
    // The user handle is the user id's UTF-8 bytes (GoTrue's choice; verifyAssertion relies on it).
    userID: new TextEncoder().encode(person.userId),
    userName: person.userName,
    userDisplayName: person.displayName,
    attestationType: 'none',
    excludeCredentials: options.exclude.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    authenticatorSelection: options.discoverable
      ? { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' }
      : { residentKey: 'discouraged', userVerification: 'preferred' },
    timeout: options.timeoutMs,
  });
}

/** `allow` names the credentials that may answer; without it the flow is discoverable. */
export function authenticationOptions(s: WebAuthnSettings, options: { allow?: KnownCredential[]; timeoutMs?: number }) {
  return generateAuthenticationOptions({
    rpID: s.rpId,
    userVerification: 'preferred',
    allowCredentials: options.allow?.map((c) => ({ id: c.id, transports: c.transports as AuthenticatorTransport[] })),
    timeout: options.timeoutMs,
  });
}

function expected(s: WebAuthnSettings, challenge: string) {
  return { expectedChallenge: challenge, expectedOrigin: s.origins, expectedRPID: s.rpId, requireUserVerification: false };
}

/** The new credential an attestation proves, or null when it does not verify (any reason). */
export async function verifiedRegistration(s: WebAuthnSettings, response: unknown, challenge: string) {
  try {
    const v = await verifyRegistrationResponse({ response: response as RegistrationResponseJSON, ...expected(s, challenge) });
    return v.verified ? v.registrationInfo : null;
  } catch {
    return null;
  }
}

/** The authenticator's new signature counter when the assertion verifies (counter went up), else null. */
export async function verifiedAssertionCounter(
  s: WebAuthnSettings,
  response: AuthenticationResponseJSON,
  challenge: string,
  credential: StoredCredential,
): Promise<number | null> {
  try {
    const v = await verifyAuthenticationResponse({
      response,
      ...expected(s, challenge),
      credential: { id: credential.id, publicKey: credential.publicKey as Uint8Array<ArrayBuffer>, counter: credential.counter, transports: credential.transports as AuthenticatorTransport[] },
    });
    return v.verified ? v.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

export type { AuthenticationResponseJSON };
