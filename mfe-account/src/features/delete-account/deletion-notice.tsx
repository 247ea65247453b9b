import { classifyError } from '@dossier/shared/core';
import { deletionDate, useScheduledDeletion } from './use-scheduled-deletion';
import '../security/security.css';

/**
 * The banner a person sees while their account is scheduled for deletion (on /settings and, as the
 * `account.deletion-notice` widget, on the dashboard they land on after signing in), with the
 * button that cancels it.
 */
export function DeletionNotice() {
  const { query, cancel } = useScheduledDeletion();
  const due = query.data;
  if (!due) return null;
  return (
    <div role="region" aria-label="Account deletion" className="dossier-deletion-banner">
      <p>
        <strong>Your account will be deleted on {deletionDate(due.scheduled_for)}.</strong> Every document, file and share link in it goes then. Changed your mind?
      </p>
      <button type="button" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
        {cancel.isPending ? 'Keeping...' : 'Keep my account'}
      </button>
      {cancel.isError ? (
        <p role="alert" className="dossier-form-error">
          {classifyError(cancel.error).userMessage}
        </p>
      ) : null}
    </div>
  );
}

export default DeletionNotice;
