import bcrypt from 'bcryptjs';
import type { Queryable } from '../db/types.js';
import { AuthApiError } from './errors.js';
import type { StackSettings } from '../settings.js';
import type { UserRow } from './users.js';

/**
 * GoTrue's `security.update_password_require_current_password` (supabase/auth#2364): a new password
 * needs the current one in `current_password`, checked on the server, so a stolen access token
 * cannot take the account over. On by default here (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD=false
 * turns it off; the settings schema reads it); turn it on for a hosted project too (docs/account-security.md). Accounts without
 * a password (Google sign-in only) and sessions started from a password-recovery link are exempt:
 * they have no current password to give.
 */
export function requireCurrentPasswordEnabled(settings: StackSettings): boolean {
  return settings.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD ?? true;
}

export async function checkCurrentPassword(settings: StackSettings, q: Queryable, user: UserRow, sessionId: string | undefined, current: string | undefined): Promise<void> {
  if (!requireCurrentPasswordEnabled(settings) || !user.encrypted_password) return;
  if (sessionId) {
    const amr = await q.query(`select 1 from auth.mfa_amr_claims where session_id = $1 and authentication_method = 'recovery'`, [sessionId]);
    if (amr.rows.length > 0) return;
  }
  if (!current || !(await bcrypt.compare(current, user.encrypted_password))) {
    throw new AuthApiError(400, 'current_password_mismatch', 'Current password required when setting new password.');
  }
}
