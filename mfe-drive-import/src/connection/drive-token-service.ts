import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { DRIVE_CONNECTION_MESSAGES } from '@dossier/shared/core';
import { DriveGrantGoneError, type DriveTokenAnswer, type DriveTokenService } from './drive-connection';

/** The drive-token function's name (supabase/functions/drive-token, ADR 0130). */
export const DRIVE_TOKEN_FUNCTION = 'drive-token';

const NO_GRANT = 'No Google Drive grant is stored for this account.';

async function failure(error: unknown): Promise<Error> {
  if (error instanceof FunctionsHttpError) {
    const res = error.context as Response;
    const body = (await res.json().catch(() => ({}))) as { error?: string; details?: string };
    // (A function deployed before issue 22 said "no grant" as a 404.)
    if (res.status === 404 && body.error === 'no_grant') return new DriveGrantGoneError(NO_GRANT);
    if (res.status === 401 && body.error === 'invalid_grant') return new DriveGrantGoneError(body.details || 'Google Drive access was revoked or has expired.');
    // A refused code (expired, already used, another client's) or Google down: say so plainly; the
    // technical answer goes along for the error log.
    const reason = `HTTP ${res.status}: ${body.error ?? res.statusText}${body.details ? ` (${body.details})` : ''}`;
    return new Error(res.status >= 500 ? `${DRIVE_CONNECTION_MESSAGES.unavailable} (${reason})` : `Google did not accept the Drive permission. Please connect again. (${reason})`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The server side of the Drive grant, called with the signed-in person's own session. */
export function driveTokenService(supabase: SupabaseClient): DriveTokenService {
  const call = async (body: Record<string, unknown>) => {
    const { data, error } = await supabase.functions.invoke(DRIVE_TOKEN_FUNCTION, { body });
    if (error) throw await failure(error);
    if ((data as { connected?: boolean } | null)?.connected === false) throw new DriveGrantGoneError(NO_GRANT);
    return data as DriveTokenAnswer;
  };
  return {
    exchange: (code, redirectUri) => call({ action: 'exchange', code, redirect_uri: redirectUri }),
    refresh: () => call({ action: 'refresh' }),
    revoke: async () => {
      await call({ action: 'revoke' });
    },
  };
}
