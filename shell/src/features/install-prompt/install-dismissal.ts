import { INSTALL_PROMPT } from '@dossier/shared/core';

export const INSTALL_DISMISSED_KEY = 'dossier-install-prompt-dismissed-at';

const storage = (): Storage | undefined => {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
};

/** SPEC §4: a dismissal is remembered for 24 hours. */
export function installPromptDismissed(now = Date.now(), store = storage()): boolean {
  const at = Number(store?.getItem(INSTALL_DISMISSED_KEY));
  return Number.isFinite(at) && at > 0 && now - at < INSTALL_PROMPT.dismissalMs;
}

export function rememberInstallDismissal(now = Date.now(), store = storage()): void {
  store?.setItem(INSTALL_DISMISSED_KEY, String(now));
}
