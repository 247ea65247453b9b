import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAuth } from '@dossier/shared';
import { classifyError, describeDevice, lastSeen } from '@dossier/shared/core';
import { RoomSkeleton, type Room } from '@dossier/shared/ui';
import { accountSecurityKeys, endSession, listSessions, signOutOtherSessions } from '../../api/account-security';

/** The list of one session (this device, a new account) with its margin, measured at 390×844 and 1440×900. */
export const SESSIONS_ROOM: Room = { label: 'where you are signed in', minHeight: { phone: '6.3125rem', wide: '4.8125rem' }, lines: 1 };

/** How a session signed in, from the first entry of its amr (my_sessions().sign_in_method). */
function signInMethodText(method: string | null | undefined): string {
  const text: Record<string, string> = { passkey: 'Signed in with a passkey', password: 'Signed in with a password', oauth: 'Signed in with Google', otp: 'Signed in with a link', magiclink: 'Signed in with a link' };
  return method && text[method] ? `${text[method]} · ` : '';
}

/** Where this account is signed in (device, last seen), with sign-out for each and for all others. */
export function SessionsList() {
  const id = useId();
  const { supabase } = useAuth();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: accountSecurityKeys.sessions, queryFn: () => listSessions(supabase) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountSecurityKeys.sessions });
  const endOne = useMutation({ mutationFn: (sessionId: string) => endSession(supabase, sessionId), onSettled: refresh });
  const endOthers = useMutation({ mutationFn: () => signOutOtherSessions(supabase), onSettled: refresh });
  const others = (sessions.data ?? []).filter((s) => !s.current);
  const failure = endOne.error ?? endOthers.error;

  return (
    <div aria-labelledby={`${id}-title`} role="group">
      <h3 id={`${id}-title`}>Where you are signed in</h3>
      {sessions.isPending ? <RoomSkeleton room={SESSIONS_ROOM} /> : null}
      {sessions.isError ? (
        <p role="alert" className="dossier-form-error">
          {classifyError(sessions.error).userMessage}{' '}
          <button type="button" onClick={() => void sessions.refetch()}>
            Try Again
          </button>
        </p>
      ) : null}
      {sessions.data ? (
        <ul className="dossier-sessions">
          {sessions.data.map((s) => (
            <li key={s.id} className="dossier-session">
              <div>
                <strong>{describeDevice(s.user_agent)}</strong>
                {s.current ? <span className="dossier-session-badge"> This device</span> : null}
                <br />
                <span className="dossier-settings-hint">
                  {signInMethodText(s.sign_in_method)}Last seen {lastSeen(s.last_seen_at)}
                  {s.ip ? ` · ${s.ip}` : ''}
                </span>
              </div>
              {s.current ? null : (
                <button type="button" onClick={() => endOne.mutate(s.id)} disabled={endOne.isPending} aria-label={`Sign out ${describeDevice(s.user_agent)}`}>
                  Sign out
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {failure ? (
        <p role="alert" className="dossier-form-error">
          {classifyError(failure).userMessage}
        </p>
      ) : null}
      <button type="button" onClick={() => endOthers.mutate()} disabled={others.length === 0 || endOthers.isPending}>
        {endOthers.isPending ? 'Signing out...' : 'Sign out all other devices'}
      </button>
    </div>
  );
}
