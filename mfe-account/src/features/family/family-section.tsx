import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useErrorLog, useSupabase } from '@dossier/shared';
import { Badge, Button, ConfirmDialog, Skeleton, TextField, PlainList } from '@dossier/shared/ui';
import { ACCEPT_MESSAGES, acceptInvitation, fetchFamily, inviteToFamily, removeMember, withdrawInvitation, type FamilyMember, type FamilyOverview } from './family-api';
import './family.css';

const day = (iso: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));

/** Asks for the invitation in the address (?family-invite=…) and joins on a click. */
function InvitationNotice({ token, onJoined }: { token: string; onJoined: () => void }) {
  const supabase = useSupabase();
  const errors = useErrorLog();
  const [, setParams] = useSearchParams();
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const join = async () => {
    setState({ busy: true, message: null });
    try {
      const result = await acceptInvitation(supabase, token);
      if (result.ok) {
        setParams((p) => {
          p.delete('family-invite');
          return p;
        });
        onJoined();
        return;
      }
      setState({ busy: false, message: ACCEPT_MESSAGES[result.reason] });
    } catch (error) {
      setState({ busy: false, message: errors.report(error, { area: 'account', action: 'family-accept' }).userMessage });
    }
  };
  return (
    <div className="dossier-family-invite" role="region" aria-label="Family invitation">
      <p>You were invited to share a Family plan. You will share its limits and a Family space for documents; your own library stays yours.</p>
      <Button variant="primary" onClick={() => void join()} disabled={state.busy}>
        {state.busy ? 'Joining…' : 'Join the family'}
      </Button>
      {state.message ? <p role="alert">{state.message}</p> : null}
    </div>
  );
}

function MemberRow({ member, canRemove, onRemove }: { member: FamilyMember; canRemove: boolean; onRemove: (m: FamilyMember) => void }) {
  return (
    <li className="dossier-family-row">
      <span className="dossier-family-email">{member.email}</span>
      <Badge tone={member.role === 'owner' ? 'accent' : 'neutral'}>{member.role === 'owner' ? 'Owner' : 'Member'}</Badge>
      {member.me ? <span className="dossier-settings-hint">You</span> : null}
      {canRemove ? (
        <Button size="sm" variant="ghost" onClick={() => onRemove(member)} aria-label={member.me ? 'Leave the family' : `Remove ${member.email}`}>
          {member.me ? 'Leave' : 'Remove'}
        </Button>
      ) : null}
    </li>
  );
}

/**
 * The Family part of the plan section (ADR 0162): who is in the family, invitations (the payer
 * only), leaving and removing — each confirmed first. Seats and rights are checked in Postgres.
 */
export function FamilySection({ onChanged }: { onChanged?: () => void }) {
  const id = useId();
  const supabase = useSupabase();
  const errors = useErrorLog();
  const [params] = useSearchParams();
  const token = params.get('family-invite');
  const [family, setFamily] = useState<FamilyOverview | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; link: string } | null>(null);
  const [removing, setRemoving] = useState<FamilyMember | null>(null);

  const load = useCallback(() => {
    fetchFamily(supabase).then(
      (data) => {
        setFamily(data);
        setFailed(null);
      },
      (error: unknown) => setFailed(errors.report(error, { area: 'account', action: 'family' }).userMessage),
    );
  }, [supabase, errors]);
  useEffect(load, [load]);

  const changed = () => {
    load();
    onChanged?.();
  };

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setProblem(null);
    setSent(null);
    try {
      const made = await inviteToFamily(supabase, email);
      setSent({ email: email.trim(), link: `${window.location.origin}/settings?family-invite=${made.token}` });
      setEmail('');
      load();
    } catch (error) {
      const message = error instanceof Error && /Family plan|e-mail|already in your family/.test(error.message) ? error.message : errors.report(error, { area: 'account', action: 'family-invite' }).userMessage;
      setProblem(message);
    } finally {
      setBusy(false);
    }
  };

  const withdraw = async (invitationId: string) => {
    setProblem(null);
    try {
      await withdrawInvitation(supabase, invitationId);
      load();
    } catch (error) {
      setProblem(errors.report(error, { area: 'account', action: 'family-withdraw' }).userMessage);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      await removeMember(supabase, removing.user_id);
      changed();
    } catch (error) {
      setProblem(errors.report(error, { area: 'account', action: 'family-remove' }).userMessage);
      throw error;
    }
  };

  if (failed) return <p role="alert">{failed}</p>;
  if (!family) return token ? <Skeleton height="3rem" /> : null;
  if (!family.family && !family.can_invite) return token ? <InvitationNotice token={token} onJoined={changed} /> : null;

  const isOwner = family.family?.is_owner ?? family.can_invite;
  const members = family.members ?? [];
  const invitations = family.invitations ?? [];
  const seatsLeft = family.max_members - members.length - invitations.length;

  return (
    <div className="dossier-family" aria-labelledby={`${id}-family`} role="region">
      <h3 id={`${id}-family`}>Family</h3>
      {token && !family.family ? <InvitationNotice token={token} onJoined={changed} /> : null}
      {family.family && !family.family.active ? (
        <p role="status" className="dossier-plan-notice">
          The Family plan is not active: the shared limits and the Family space are paused until it is.
        </p>
      ) : null}
      <p className="dossier-settings-hint">
        Up to {family.max_members} people share the plan's limits and a Family space under Portfolios. Everyone's own library stays private.
      </p>
      {members.length ? (
        <PlainList aria-label="Family members">
          {members.map((m) => (
            <MemberRow key={m.user_id} member={m} canRemove={m.role !== 'owner' && (isOwner || m.me)} onRemove={setRemoving} />
          ))}
        </PlainList>
      ) : null}
      {isOwner && invitations.length ? (
        <>
          <h4>Invitations waiting</h4>
          <PlainList aria-label="Invitations waiting">
            {invitations.map((i) => (
              <li key={i.id} className="dossier-family-row">
                <span className="dossier-family-email">{i.email}</span>
                <span className="dossier-settings-hint">until {day(i.expires_at)}</span>
                <Button size="sm" variant="ghost" onClick={() => void withdraw(i.id)} aria-label={`Withdraw the invitation to ${i.email}`}>
                  Withdraw
                </Button>
              </li>
            ))}
          </PlainList>
        </>
      ) : null}
      {isOwner && family.can_invite ? (
        seatsLeft > 0 ? (
          <form className="dossier-family-form" onSubmit={(e) => void invite(e)}>
            <TextField label="Invite by e-mail" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} description={`${seatsLeft} ${seatsLeft === 1 ? 'place' : 'places'} left`} />
            <Button type="submit" variant="primary" disabled={busy || !email.trim()}>
              {busy ? 'Inviting…' : 'Invite'}
            </Button>
          </form>
        ) : (
          <p className="dossier-settings-hint">The family is full. Remove someone or withdraw an invitation to invite another person.</p>
        )
      ) : null}
      {sent ? (
        <div role="status" className="dossier-family-sent">
          <p>We sent an invitation to {sent.email}. It works for 7 days. You can also give them this link:</p>
          <TextField label="Invitation link" readOnly value={sent.link} onFocus={(e) => e.currentTarget.select()} />
        </div>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={removing?.me ? 'Leave the family?' : `Remove ${removing?.email ?? ''}?`}
        description={
          removing?.me
            ? 'You go back to your own plan. Documents you put in the Family space leave it; they stay in your library.'
            : 'They go back to their own plan. Documents they put in the Family space leave it; they keep them in their own library.'
        }
        confirmLabel={removing?.me ? 'Leave' : 'Remove'}
        destructive
        onConfirm={remove}
      />
    </div>
  );
}
