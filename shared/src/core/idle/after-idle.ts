// A module of its own with no imports: the visitor's light landing runs it too (workbox-window's
// wait, shell/src/features/pwa/service-worker-client.ts, which imports this file by path so that
// `/` does not fetch the dossier-shared chunk: ADR 0493, 0498).

/**
 * Runs `run` when the browser is next idle — after the frame being drawn, not during it — and at
 * most `timeoutMs` later; one second later where there is no requestIdleCallback (Safari).
 * Returns a function that cancels it.
 */
export function afterIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1_000);
  return () => clearTimeout(timer);
}
