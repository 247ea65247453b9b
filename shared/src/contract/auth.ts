import type { Session, SupabaseClient } from '@supabase/supabase-js';

export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

/** SPEC §3 session user. `name` follows full_name → name → display_name → e-mail local part → 'User'. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  session: Session | null;
}

export interface AuthApi extends AuthState {
  /** The one supabase-js client of the page (shared singleton), carrying the user's JWT. */
  supabase: SupabaseClient;
  /** SPEC §4 logout: global sign-out, wait 500 ms, reload `/?logout`. */
  signOut(): Promise<void>;
}

type Metadata = Record<string, unknown> | null | undefined;

/** SPEC §3: the display name of a session user. */
export function sessionUserName(email: string | null | undefined, metadata: Metadata): string {
  const pick = (key: string): string | undefined => {
    const value = metadata?.[key];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const fromEmail = email && email.includes('@') ? email.slice(0, email.indexOf('@')) : email || undefined;
  return pick('full_name') ?? pick('name') ?? pick('display_name') ?? (fromEmail || undefined) ?? 'User';
}

export function toSessionUser(user: { id: string; email?: string | null; user_metadata?: Metadata }): SessionUser {
  return { id: user.id, email: user.email ?? '', name: sessionUserName(user.email, user.user_metadata) };
}
