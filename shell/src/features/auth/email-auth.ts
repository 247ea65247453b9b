import type { SupabaseClient, User } from '@supabase/supabase-js';
import { VALIDATION_MESSAGES } from '@dossier/shared/core';

/** SPEC §5: a sign-in or sign-up answer without a user is a failure with its own text. */
export class NoUserReturnedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoUserReturnedError';
  }
}

/** SPEC §7 sign in: payload email, password. Throws supabase-js's error or 'Login failed'. */
export async function signInWithEmail(supabase: SupabaseClient, email: string, password: string): Promise<User> {
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  if (!data.user) throw new NoUserReturnedError(VALIDATION_MESSAGES.loginFailed);
  return data.user;
}

export interface SignUpResult {
  user: User;
  /** False when the project asks for e-mail confirmation first. */
  signedIn: boolean;
}

/** SPEC §7 sign up: email, password, metadata name. */
export async function signUpWithEmail(
  supabase: SupabaseClient,
  { email, password, name }: { email: string; password: string; name: string },
): Promise<SignUpResult> {
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: { data: { name }, emailRedirectTo: `${window.location.origin}/auth` },
  });
  if (error) throw error;
  if (!data.user) throw new NoUserReturnedError(VALIDATION_MESSAGES.signupNoUser);
  // GoTrue answers a sign-up for an existing confirmed address with an obfuscated user that has
  // no identities (to avoid account enumeration); treat it as the conflict it is.
  if (Array.isArray(data.user.identities) && data.user.identities.length === 0) {
    throw Object.assign(new Error('User already registered'), { code: 'user_already_exists' });
  }
  return { user: data.user, signedIn: Boolean(data.session) };
}

/** Marks the address the password-reset e-mail links back to (/auth?reset=1). */
export const RESET_PARAM = 'reset';

/** Forgot password: the e-mail links back to /auth, where PASSWORD_RECOVERY opens the new-password step. */
export async function requestPasswordReset(supabase: SupabaseClient, email: string): Promise<void> {
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/auth?${RESET_PARAM}=1` });
  if (error) throw error;
}

export async function setNewPassword(supabase: SupabaseClient, password: string): Promise<void> {
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}
