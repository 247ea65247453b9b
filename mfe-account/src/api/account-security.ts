import type { SupabaseClient } from '@supabase/supabase-js';
import { readResult } from '@dossier/shared/core';

/** One row of public.my_sessions(): a signed-in device of the caller. */
export interface ActiveSession {
  id: string;
  created_at: string;
  last_seen_at: string | null;
  user_agent: string | null;
  ip: string | null;
  aal: string | null;
  current: boolean;
  /** The first amr entry of the session: passkey, password, oauth, otp… */
  sign_in_method?: string | null;
}

export const accountSecurityKeys = {
  sessions: ['account', 'sessions'] as const,
  factors: ['account', 'mfa-factors'] as const,
  recoveryCodesLeft: ['account', 'recovery-codes-left'] as const,
  deletion: ['account', 'deletion'] as const,
};

export async function listSessions(client: SupabaseClient): Promise<ActiveSession[]> {
  return readResult(await client.rpc('my_sessions')) ?? [];
}

export async function endSession(client: SupabaseClient, sessionId: string): Promise<boolean> {
  return Boolean(readResult(await client.rpc('end_my_session', { session_id: sessionId })));
}

export async function signOutOtherSessions(client: SupabaseClient): Promise<void> {
  const { error } = await client.auth.signOut({ scope: 'others' });
  if (error) throw error;
}

/** GoTrue checks `current_password` on the server (update_password_require_current_password). */
export async function changePassword(client: SupabaseClient, currentPassword: string, newPassword: string): Promise<void> {
  const { error } = await client.auth.updateUser({ password: newPassword, current_password: currentPassword });
  if (error) throw error;
}

/** The new address gets a confirmation link; the change happens when it is followed. */
export async function changeEmail(client: SupabaseClient, email: string, redirectTo: string): Promise<{ pending: boolean }> {
  const { data, error } = await client.auth.updateUser({ email }, { emailRedirectTo: redirectTo });
  if (error) throw error;
  return { pending: (data.user?.email ?? '').toLowerCase() !== email.toLowerCase() };
}

export type DeletionRefusal = 'invalid_password' | 'too_many_attempts' | 'second_factor_required' | 'reauthentication_needed';

export interface DeletionSchedule {
  scheduled_for: string;
  requested_at: string;
}

export async function scheduledDeletion(client: SupabaseClient): Promise<DeletionSchedule | null> {
  const rows = readResult(await client.from('account_deletions').select('scheduled_for,requested_at')) as DeletionSchedule[] | null;
  return rows?.[0] ?? null;
}

export async function scheduleDeletion(
  client: SupabaseClient,
  password: string,
): Promise<{ scheduled: true; scheduled_for: string } | { scheduled: false; reason: DeletionRefusal }> {
  return readResult(await client.rpc('schedule_account_deletion', { password }));
}

export async function cancelDeletion(client: SupabaseClient): Promise<boolean> {
  return Boolean(readResult(await client.rpc('cancel_account_deletion')));
}

export async function generateRecoveryCodes(client: SupabaseClient): Promise<string[]> {
  return readResult(await client.rpc('generate_mfa_recovery_codes')) ?? [];
}

export async function recoveryCodesLeft(client: SupabaseClient): Promise<number> {
  return Number(readResult(await client.rpc('mfa_recovery_codes_left')) ?? 0);
}
