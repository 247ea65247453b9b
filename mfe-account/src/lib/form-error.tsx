import { Button } from '@dossier/shared/ui';

/** A form's error line, announced to screen readers; nothing when there is no error. */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="dossier-form-error">
      {message}
    </p>
  );
}

/**
 * The foot of a dialog's form: its error line, then Cancel (closes, unless the form is busy) and
 * the submit button named for what it does ("Send offer"), which spins while the form is busy.
 */
export function DialogFormFooter({ error, busy, submitLabel, onCancel }: { error: string | null; busy: boolean; submitLabel: string; onCancel: () => void }) {
  return (
    <>
      <FormError message={error} />
      <div className="ds-dialog__actions">
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}

/** The machine code of an auth or API error (GoTrue's `error_code`, as supabase-js exposes it). */
export function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
}
