import { WAIT_ONLINE_TIMEOUT_MESSAGE } from '../messages';
import { WAIT_ONLINE_TIMEOUT_MS } from '../limits';
import { TimeoutError } from './error-classes';

/** Resolves when the browser is online (at once if it is); rejects after `timeoutMs` (SPEC §9: 10 s). */
export function waitForOnline(timeoutMs: number = WAIT_ONLINE_TIMEOUT_MS): Promise<void> {
  if (typeof navigator === 'undefined' || navigator.onLine !== false) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(() => {
      window.removeEventListener('online', done);
      reject(new TimeoutError(WAIT_ONLINE_TIMEOUT_MESSAGE));
    }, timeoutMs);
    window.addEventListener('online', done);
  });
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
