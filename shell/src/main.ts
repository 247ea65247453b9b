// Async bootstrap (ARCHITECTURE.md): Module Federation negotiates the shared singletons before
// any of them is used. If even that fails, the last-resort screen is plain DOM.
import { renderApplicationError } from '@dossier/application-error';

import('./bootstrap').catch((error: unknown) => {
  console.error('Dossier could not start', error);
  renderApplicationError();
});
