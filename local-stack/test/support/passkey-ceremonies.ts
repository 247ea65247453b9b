import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { CeremonyOverrides, SoftwareAuthenticator } from './software-authenticator.js';
import { clientOptions } from './users.js';

/** The origin config.toml's relying party accepts (the shell's development address). */
export const PASSKEY_ORIGIN = 'http://localhost:4200';

/** Registers a passkey for `who` on `device` through supabase-js; answers the verify result. */
export async function registerPasskey(who: SupabaseClient, device: SoftwareAuthenticator, overrides: CeremonyOverrides = {}) {
  const started = await who.auth.passkey.startRegistration();
  expect(started.error).toBeNull();
  const credential = device.create(started.data!.options as never, overrides);
  return who.auth.passkey.verifyRegistration({ challengeId: started.data!.challenge_id, credential: credential as never });
}

/** Signs in with the device's passkey on a fresh client; answers the verify result and the client. */
export async function signInWithPasskey(stackUrl: string, anonKey: string, device: SoftwareAuthenticator, overrides: CeremonyOverrides = {}) {
  const client = createClient(stackUrl, anonKey, clientOptions);
  const started = await client.auth.passkey.startAuthentication();
  expect(started.error).toBeNull();
  const assertion = device.get(started.data!.options as never, overrides);
  const result = await client.auth.passkey.verifyAuthentication({ challengeId: started.data!.challenge_id, credential: assertion as never });
  return { client, result, assertion, challengeId: started.data!.challenge_id };
}
