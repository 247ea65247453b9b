import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ERROR_RETRY_LIMIT,
  ERROR_RETRY_PAUSE_MS,
  ERROR_SCREEN_BUTTONS,
  WAIT_ONLINE_TIMEOUT_MESSAGE,
  WAIT_ONLINE_TIMEOUT_MS,
  classifyError,
  errorScreenTitle,
  pause,
  waitForOnline,
} from '@dossier/shared/core';

export interface ErrorScreenProps {
  error: unknown;
  /** How many retries were already made for this failure (kept by the caller across re-renders). */
  retryCount: number;
  /** Re-renders what failed (resets the boundary, reloads the remote). */
  onRetry: () => void | Promise<void>;
  /** Extra words under the SPEC message, e.g. which area failed. Never a raw error message. */
  detail?: ReactNode;
  /** Reload Page; defaults to location.reload(). */
  onReload?: () => void;
  /** For the heading level inside a page (the shell's area errors use h2). */
  headingLevel?: 1 | 2;
}

/**
 * SPEC §8 error screen. Title and message come from the classifier. 'Try Again' re-renders at
 * once; 'Retry (n)' waits up to 10 s for the connection, pauses 1 s, then re-renders — both while
 * fewer than 3 retries were made and the error is retryable. 'Reload Page' is always offered.
 */
export function ErrorScreen({ error, retryCount, onRetry, detail, onReload, headingLevel = 2 }: ErrorScreenProps) {
  const classified = classifyError(error);
  const [retrying, setRetrying] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const canRetry = classified.retryable && retryCount < ERROR_RETRY_LIMIT;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  const tryAgain = () => {
    setNotice(null);
    void onRetry();
  };
  const retryCarefully = async () => {
    setRetrying(true);
    setNotice(null);
    try {
      await waitForOnline(WAIT_ONLINE_TIMEOUT_MS);
    } catch {
      if (live.current) {
        setRetrying(false);
        setNotice(WAIT_ONLINE_TIMEOUT_MESSAGE);
      }
      return;
    }
    await pause(ERROR_RETRY_PAUSE_MS);
    if (live.current) setRetrying(false);
    await onRetry();
  };

  return (
    <section className="dossier-error-screen" role="alert" aria-live="assertive">
      <Heading>{errorScreenTitle(classified)}</Heading>
      <p>{classified.userMessage}</p>
      {detail ? <p className="dossier-error-detail">{detail}</p> : null}
      {notice ? <p role="status">{notice}</p> : null}
      <div className="dossier-error-actions">
        {canRetry ? (
          <>
            <button type="button" onClick={tryAgain} disabled={retrying}>
              {ERROR_SCREEN_BUTTONS.tryAgain}
            </button>
            <button type="button" onClick={() => void retryCarefully()} disabled={retrying}>
              {retrying ? ERROR_SCREEN_BUTTONS.retrying : ERROR_SCREEN_BUTTONS.retry(retryCount + 1)}
            </button>
          </>
        ) : null}
        <button type="button" onClick={onReload ?? (() => window.location.reload())}>
          {ERROR_SCREEN_BUTTONS.reloadPage}
        </button>
      </div>
    </section>
  );
}
