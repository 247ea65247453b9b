/**
 * The session supabase-js keeps in localStorage, read before supabase-js has loaded: main.ts uses it
 * to start a signed-in page's first data and areas beside the shell's boot (ADR 0483, 0491). Only a
 * session supabase-js itself would use without refreshing it first counts.
 */
interface StoredSession {
  access_token?: unknown;
  expires_at?: unknown;
}

/** supabase-js's own storage key for a project (`sb-<first label of the host>-auth-token`). */
export const sessionStorageKey = (supabaseUrl: string) => `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;

/** The stored session's access token, or null: none, unreadable, or within a minute of its end. */
export function usableStoredSession(storage: Pick<Storage, 'getItem'>, supabaseUrl: string, now: number): { accessToken: string } | null {
  try {
    const stored = JSON.parse(storage.getItem(sessionStorageKey(supabaseUrl)) ?? 'null') as StoredSession | null;
    if (!stored || typeof stored.access_token !== 'string' || typeof stored.expires_at !== 'number') return null;
    // supabase-js refreshes a token this close to its end before using it: that request would differ.
    if (stored.expires_at * 1000 < now + 60_000) return null;
    return { accessToken: stored.access_token };
  } catch {
    return null;
  }
}
