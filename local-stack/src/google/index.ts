import { Hono } from 'hono';
import type { StackContext } from '../context.js';
import { refuseCrossSite } from '../http/cross-site.js';
import { DriveEmulatorState, registerDriveRoutes } from './drive-api.js';
import { FaultInjector } from './faults.js';
import { registerOAuthRoutes } from './oauth.js';
import { GoogleState, SEEDED_ACCOUNTS } from './state.js';

export { FaultInjector, type Fault } from './faults.js';
export { GoogleState, SEEDED_ACCOUNTS, type GoogleAccount, type AccessGrant } from './state.js';

/** What the Drive part of the emulator (a later issue) builds on: the same state and faults. */
export interface GoogleEmulatorParts {
  app: Hono;
  state: GoogleState;
  faults: FaultInjector;
  drive: DriveEmulatorState;
}

export function buildGoogleEmulator(ctx: StackContext): GoogleEmulatorParts {
  const app = new Hono();
  const state = new GoogleState();
  const faults = new FaultInjector();
  // Test controls change the emulator's behaviour: never from another site's page.
  app.use('/__emulator/*', refuseCrossSite([]));
  const drive = new DriveEmulatorState();
  app.use('*', faults.middleware());
  faults.register(app);
  app.post('/__emulator/reset', (c) => {
    state.reset();
    faults.clear();
    drive.reset();
    return c.body(null, 204);
  });
  app.get('/__emulator/accounts', (c) => c.json({ accounts: [...state.accounts.values()] }));
  registerOAuthRoutes(app, state, ctx);
  registerDriveRoutes(app, state, drive, () => ctx.config.googleUrl);
  app.get('/', (c) => c.json({ name: 'Google emulator (Dossier local stack)', accounts: SEEDED_ACCOUNTS, openid: '/.well-known/openid-configuration' }));
  return { app, state, faults, drive };
}

/**
 * The Google emulator served on config.googlePort: OAuth consent (approve / deny), code and token
 * endpoints, OpenID user info, tokeninfo, and test fault injection under /__emulator.
 */
export function createGoogleEmulator(ctx: StackContext): Hono {
  return buildGoogleEmulator(ctx).app;
}
