import type { Context, Hono } from 'hono';
import { DRIVE_SCOPES, hasAny, insufficientScopes, type Caller } from './drive-access.js';
import { unauthenticated } from './drive-errors.js';
import { shapeAnswer, type DriveOperation } from './drive-faults.js';
import { fileResource } from './drive-resource.js';
import type { DriveEmulatorState } from './drive-state.js';
import type { StoredFile } from './drive-store.js';
import type { GoogleState } from './state.js';

/**
 * What every Drive resource module registers its routes with: the app, the emulator's state (passed
 * explicitly, no module-level singletons), the origin links are built on, and `route`, which runs
 * faults, then authentication, then the handler.
 */
export interface DriveContext {
  readonly app: Hono;
  readonly google: GoogleState;
  readonly drive: DriveEmulatorState;
  readonly baseUrl: () => string;
  readonly route: (op: DriveOperation, handler: (c: Context, caller: Caller) => Promise<Response> | Response) => (c: Context) => Promise<Response>;
  /** The `files` resource of `f` as `caller` sees it. */
  readonly resource: (f: StoredFile, caller: Caller) => Record<string, unknown>;
}

export function driveContext(app: Hono, google: GoogleState, drive: DriveEmulatorState, baseUrl: () => string): DriveContext {
  function authenticate(c: Context): Caller | Response {
    const header = c.req.header('authorization') ?? '';
    const t = /^bearer\s+(.+)$/i.exec(header)?.[1] ?? c.req.query('access_token') ?? c.req.query('oauth_token') ?? '';
    const grant = t ? google.accessGrant(t) : null;
    if (!grant) return unauthenticated();
    const scopes = new Set(grant.scope.split(/\s+/).filter(Boolean));
    if (!hasAny(scopes, DRIVE_SCOPES.full, DRIVE_SCOPES.readonly, DRIVE_SCOPES.file, DRIVE_SCOPES.metadataReadonly)) return insufficientScopes();
    return { grant, drive: drive.driveOf(grant), scopes };
  }

  /** Faults first (an injected 401 wins over a valid token), then the bearer token, then the handler. */
  const route =
    (op: DriveOperation, handler: (c: Context, caller: Caller) => Promise<Response> | Response) =>
    async (c: Context): Promise<Response> => {
      const injected = await drive.faults.apply(op, c);
      if (injected) return injected;
      const caller = authenticate(c);
      if (caller instanceof Response) return caller;
      return shapeAnswer(c, await handler(c, caller));
    };

  return { app, google, drive, baseUrl, route, resource: (f, caller) => fileResource(f, caller, baseUrl, drive) };
}
