// Async bootstrap (ARCHITECTURE.md): Module Federation negotiates the shared singletons before
// any of them is used. If even that fails, the last-resort screen is plain DOM.
import { renderApplicationError } from '@dossier/application-error';
import { requestAppConfig } from './config/request-app-config';

// The runtime config is requested now, while the shared chunks that bootstrap needs download,
// instead of after them: it was the last request before the first render.
const appConfigResponse = requestAppConfig();

import('./bootstrap')
  .then(({ start }) => start(appConfigResponse))
  .catch((error: unknown) => {
    console.error('Dossier could not start', error);
    renderApplicationError();
  });
