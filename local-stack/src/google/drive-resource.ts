import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { DRIVE_SCOPES, type Caller } from './drive-access.js';
import { driveError } from './drive-errors.js';
import { FieldsError, parseFields, validateSelection, type KnownFields, type Selection } from './drive-fields.js';
import { FOLDER_MIME, isNative, type StoredFile } from './drive-store.js';

/** The `files` resource as Drive answers it, and the `fields` selection every route applies. */

export const USER_FIELDS: KnownFields = { kind: null, displayName: null, emailAddress: null, me: null, permissionId: null, photoLink: null };
export const FILE_FIELDS: KnownFields = {
  kind: null, id: null, name: null, mimeType: null, description: null, starred: null, trashed: null, explicitlyTrashed: null,
  parents: null, webViewLink: null, webContentLink: null, iconLink: null, hasThumbnail: null, thumbnailLink: null,
  createdTime: null, modifiedTime: null, modifiedByMeTime: null, modifiedByMe: null, viewedByMeTime: null, viewedByMe: null,
  size: null, quotaBytesUsed: null, md5Checksum: null, sha1Checksum: null, sha256Checksum: null, owners: USER_FIELDS,
  ownedByMe: null, shared: null, sharingUser: USER_FIELDS, lastModifyingUser: USER_FIELDS, capabilities: null, permissions: null,
  permissionIds: null, fileExtension: null, fullFileExtension: null, originalFilename: null, headRevisionId: null, version: null,
  exportLinks: null, spaces: null, driveId: null, resourceKey: null, writersCanShare: null, viewersCanCopyContent: null,
  copyRequiresWriterPermission: null, folderColorRgb: null, imageMediaMetadata: null, properties: null, appProperties: null,
  contentHints: null, isAppAuthorized: null, trashedTime: null, hasAugmentedPermissions: null, thumbnailVersion: null,
  modifiedByMeTime2: null, sharedWithMeTime: null,
};
export const LIST_FIELDS: KnownFields = { kind: null, nextPageToken: null, incompleteSearch: null, files: FILE_FIELDS };
export const ABOUT_FIELDS: KnownFields = { kind: null, user: USER_FIELDS, storageQuota: null, maxUploadSize: null, exportFormats: null, importFormats: null, appInstalled: null, canCreateDrives: null };

export const DEFAULT_FILE_SELECTION = parseFields('kind,id,name,mimeType');
export const DEFAULT_LIST_SELECTION = parseFields('kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)');

function extension(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1) : '';
}

/** A stored file as the caller sees it; `base` is the emulator's origin, `sign` signs thumbnail links. */
export function fileResource(f: StoredFile, caller: Caller, baseUrl: () => string, drive: { sign(value: string): string }): Record<string, unknown> {
  const base = baseUrl();
  const me = { kind: 'drive#user', displayName: caller.drive.account.name, emailAddress: caller.drive.account.email, me: true, permissionId: caller.drive.account.sub.slice(-20), photoLink: caller.drive.account.picture };
  const owner = f.sharedBy ? { kind: 'drive#user', displayName: f.sharedBy.displayName, emailAddress: f.sharedBy.emailAddress, me: false, permissionId: createHash('sha1').update(f.sharedBy.emailAddress).digest('hex').slice(0, 20) } : me;
  const folder = f.mimeType === FOLDER_MIME;
  const binary = !folder && !isNative(f.mimeType);
  const editable = !f.sharedBy && (caller.scopes.has(DRIVE_SCOPES.full) || (caller.scopes.has(DRIVE_SCOPES.file) && f.appCreated));
  const thumb = binary && (f.mimeType.startsWith('image/') || f.mimeType === 'application/pdf') && (f.content?.length ?? 0) > 0;
  const out: Record<string, unknown> = {
    kind: 'drive#file',
    id: f.id,
    name: f.name,
    mimeType: f.mimeType,
    starred: f.starred,
    trashed: f.trashed,
    explicitlyTrashed: f.explicitlyTrashed,
    parents: f.parents,
    spaces: ['drive'],
    version: String(f.version),
    webViewLink: folder ? `${base}/drive/folders/${f.id}` : `${base}/file/d/${f.id}/view?usp=drivesdk`,
    iconLink: `${base}/drive-icons/${encodeURIComponent(f.mimeType)}`,
    hasThumbnail: thumb,
    thumbnailVersion: thumb ? '1' : '0',
    createdTime: f.createdTime,
    modifiedTime: f.modifiedTime,
    modifiedByMe: !f.sharedBy,
    viewedByMe: true,
    owners: [owner],
    lastModifyingUser: owner,
    ownedByMe: !f.sharedBy,
    shared: Boolean(f.sharedBy),
    writersCanShare: true,
    viewersCanCopyContent: true,
    copyRequiresWriterPermission: false,
    isAppAuthorized: f.appCreated,
    capabilities: {
      canEdit: editable,
      canRename: editable,
      canDelete: editable,
      canTrash: editable,
      canAddChildren: folder && editable,
      canDownload: true,
      canCopy: !folder,
      canShare: !f.sharedBy,
      canListChildren: folder,
      canModifyContent: editable,
      canReadRevisions: !f.sharedBy,
    },
    permissions: f.sharedBy
      ? undefined
      : [{ kind: 'drive#permission', id: me.permissionId, type: 'user', role: 'owner', emailAddress: me.emailAddress, displayName: me.displayName }],
    permissionIds: [owner.permissionId],
    quotaBytesUsed: String(f.sharedBy ? 0 : (f.content?.length ?? 0)),
  };
  if (f.sharedBy) out.sharingUser = owner;
  if (f.description !== undefined) out.description = f.description;
  if (f.trashed) out.trashedTime = f.modifiedTime;
  if (thumb) out.thumbnailLink = `${base}/drive-thumbnails/${f.id}=s220?sig=${drive.sign(f.id)}`;
  if (binary) {
    const content = f.content ?? Buffer.alloc(0);
    out.size = String(content.length);
    out.md5Checksum = createHash('md5').update(content).digest('hex');
    out.sha1Checksum = createHash('sha1').update(content).digest('hex');
    out.sha256Checksum = createHash('sha256').update(content).digest('hex');
    out.webContentLink = `${base}/uc?id=${f.id}&export=download`;
    out.originalFilename = f.name;
    out.headRevisionId = `0B${f.id.slice(1, 20)}${f.version}`;
    const ext = extension(f.name);
    if (ext) {
      out.fileExtension = ext;
      out.fullFileExtension = ext;
    }
  }
  if (isNative(f.mimeType)) out.exportLinks = { 'application/pdf': `${base}/feeds/download/documents/export/Export?id=${f.id}&exportFormat=pdf` };
  if (f.mimeType.startsWith('image/')) out.imageMediaMetadata = { width: 64, height: 64 };
  return out;
}

export function selection(c: Context, known: KnownFields, fallback: Selection): Selection | Response {
  const text = c.req.query('fields');
  if (text === undefined) return fallback;
  try {
    const sel = parseFields(text);
    validateSelection(sel, known);
    return sel;
  } catch (e) {
    if (e instanceof FieldsError) return driveError(400, 'invalidParameter', { message: e.message, location: 'fields' });
    throw e;
  }
}

export const respond = (c: Context, body: unknown, status: 200 | 201 = 200) => c.json(body as object, status);
