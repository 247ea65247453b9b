// Async bootstrap: shared modules are negotiated before anything uses them.
import { renderApplicationError } from '@dossier/application-error';

import('./bootstrap').catch((error: unknown) => {
  console.error('This area could not start on its own', error);
  renderApplicationError();
});
