import { createRoot } from 'react-dom/client';
import { StandaloneHarness } from '@dossier/shared/testing';
import areaModule from './remote-entry';

// Standalone (`nx serve mfe-account`): this area alone, with the contract from shared/testing.
createRoot(document.getElementById('root')!).render(<StandaloneHarness module={areaModule} title="Account" />);
