import { driveError } from './drive-errors.js';
import { FOLDER_MIME, type DriveAccount, type StoredFile } from './drive-store.js';
import type { AccessGrant } from './state.js';

/** Drive's OAuth scopes; each route checks the caller's against them as Google does. */
export const DRIVE_SCOPES = {
  full: 'https://www.googleapis.com/auth/drive',
  readonly: 'https://www.googleapis.com/auth/drive.readonly',
  file: 'https://www.googleapis.com/auth/drive.file',
  metadataReadonly: 'https://www.googleapis.com/auth/drive.metadata.readonly',
} as const;

/** The authenticated caller of a Drive route: the token's grant, its drive and its scopes. */
export interface Caller {
  grant: AccessGrant;
  drive: DriveAccount;
  scopes: Set<string>;
}

export const hasAny = (scopes: Set<string>, ...wanted: string[]) => wanted.some((s) => scopes.has(s));

export const canRead = (caller: Caller, f: StoredFile): boolean =>
  hasAny(caller.scopes, DRIVE_SCOPES.full, DRIVE_SCOPES.readonly, DRIVE_SCOPES.metadataReadonly) || (caller.scopes.has(DRIVE_SCOPES.file) && f.appCreated);
export const canReadContent = (caller: Caller, f: StoredFile): boolean =>
  hasAny(caller.scopes, DRIVE_SCOPES.full, DRIVE_SCOPES.readonly) || (caller.scopes.has(DRIVE_SCOPES.file) && f.appCreated);
export const mayWriteAtAll = (caller: Caller) => hasAny(caller.scopes, DRIVE_SCOPES.full, DRIVE_SCOPES.file);
export const canWrite = (caller: Caller, f: StoredFile): boolean => caller.scopes.has(DRIVE_SCOPES.full) || (caller.scopes.has(DRIVE_SCOPES.file) && f.appCreated);
export const insufficientScopes = () => driveError(403, 'insufficientPermissions');
export const noFilePermission = (id: string) => driveError(403, 'insufficientFilePermissions', { message: `The user does not have sufficient permissions for file ${id}.` });

const rootFile = (d: DriveAccount): StoredFile => ({
  id: d.rootId,
  name: 'My Drive',
  mimeType: FOLDER_MIME,
  parents: [],
  createdTime: '2020-01-01T00:00:00.000Z',
  modifiedTime: '2020-01-01T00:00:00.000Z',
  trashed: false,
  explicitlyTrashed: false,
  starred: false,
  appCreated: false,
  version: 1,
});

/** A file the caller may see, with 'root' as the alias of My Drive. */
export function lookup(caller: Caller, id: string): StoredFile | null {
  if (id === 'root' || id === caller.drive.rootId) return rootFile(caller.drive);
  const f = caller.drive.files.get(id);
  return f && canRead(caller, f) ? f : null;
}
