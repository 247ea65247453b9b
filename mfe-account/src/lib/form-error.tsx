/** A form's error line, announced to screen readers; nothing when there is no error. */
export function FormError({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="dossier-form-error">
      {message}
    </p>
  );
}

/** The machine code of an auth or API error (GoTrue's `error_code`, as supabase-js exposes it). */
export function errorCode(e: unknown): string {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
}
