// Imported as '@dossier/application-error' (not a Module Federation shared module, see
// tools/webpack/create-config.cjs): the shell's main.ts renders it when shared modules or
// React could not be loaded at all, so it must not depend on them.
import { APPLICATION_ERROR_TITLE, ERROR_SCREEN_BUTTONS, USER_MESSAGES } from '../../core/messages';

/**
 * SPEC §2 last-resort screen when the app cannot start. Plain DOM on purpose: it must work when
 * React itself (or the shared-module negotiation) is what failed.
 */
export function renderApplicationError(target: HTMLElement | null = typeof document !== 'undefined' ? document.getElementById('root') : null): void {
  if (!target) return;
  target.replaceChildren();
  const main = document.createElement('main');
  main.className = 'dossier-application-error';
  main.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = APPLICATION_ERROR_TITLE;
  const message = document.createElement('p');
  message.textContent = USER_MESSAGES.default;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.textContent = ERROR_SCREEN_BUTTONS.reloadPage;
  reload.addEventListener('click', () => window.location.reload());
  main.append(title, message, reload);
  target.append(main);
}
