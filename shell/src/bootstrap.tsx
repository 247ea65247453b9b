import { createRoot } from 'react-dom/client';
import { renderApplicationError } from '@dossier/application-error';
import { App } from './app';
import { loadAppConfig } from './config/load-app-config';
import { consumeLogoutMarker } from './services/auth-store';
import { createServices } from './services/create-services';
import './styles.css';

/** Reads the runtime config, builds the services, renders. Any failure here: 'Application Error'. */
async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  const config = await loadAppConfig();
  const skipSessionCheck = consumeLogoutMarker();
  const shell = createServices(config, { skipSessionCheck });
  createRoot(root).render(<App shell={shell} />);
}

start().catch((error: unknown) => {
  console.error('Dossier could not start', error);
  renderApplicationError();
});
