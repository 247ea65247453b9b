import { LOADING_TEXT } from '@dossier/shared/core';

/** SPEC §2: pages load on demand with a spinner and the text 'Loading...'. */
export function LoadingSpinner({ label = LOADING_TEXT }: { label?: string }) {
  return (
    <div className="dossier-loading" role="status" aria-live="polite">
      <span className="dossier-spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
