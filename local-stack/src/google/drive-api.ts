import { createHash, randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { makePdf, makePng } from './drive-content.js';
import { parseByteRange } from '../http/byte-range.js';
import { driveError, invalidParameter, notFound, unauthenticated } from './drive-errors.js';
import { DriveFaults, dropConnection, shapeAnswer, takePartialDrop, type DriveOperation } from './drive-faults.js';
import { applySelection, FieldsError, parseFields, validateSelection, type KnownFields, type Selection } from './drive-fields.js';
import { DriveQueryError, matchesQuery, parseDriveQuery } from './drive-query.js';
import {
  EXPORT_LIMIT_BYTES,
  FOLDER_MIME,
  isNative,
  randomId,
  searchable,
  seedDemoDrive,
  usedBytes,
  type DriveAccount,
  type StoredFile,
} from './drive-store.js';
import type { AccessGrant, GoogleState } from './state.js';

/**
 * Google Drive v3, the subset Dossier and Google's own Node client use: files.list (q, fields,
 * pageSize/pageToken, orderBy), files.get (metadata, alt=media with Range), files.export,
 * files.create (metadata, multipart, resumable), files.update, files.delete, about. Each emulator
 * account has its own demo drive, created on first use. Scopes are enforced.
 */

export const DRIVE_SCOPES = {
  full: 'https://www.googleapis.com/auth/drive',
  readonly: 'https://www.googleapis.com/auth/drive.readonly',
  file: 'https://www.googleapis.com/auth/drive.file',
  metadataReadonly: 'https://www.googleapis.com/auth/drive.metadata.readonly',
} as const;

const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 100;
const ORDER_KEYS = new Set(['createdTime', 'folder', 'modifiedByMeTime', 'modifiedTime', 'name', 'name_natural', 'quotaBytesUsed', 'recency', 'sharedWithMeTime', 'starred', 'viewedByMeTime']);

const USER_FIELDS: KnownFields = { kind: null, displayName: null, emailAddress: null, me: null, permissionId: null, photoLink: null };
const FILE_FIELDS: KnownFields = {
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
const LIST_FIELDS: KnownFields = { kind: null, nextPageToken: null, incompleteSearch: null, files: FILE_FIELDS };
const ABOUT_FIELDS: KnownFields = { kind: null, user: USER_FIELDS, storageQuota: null, maxUploadSize: null, exportFormats: null, importFormats: null, appInstalled: null, canCreateDrives: null };

const DEFAULT_FILE_SELECTION = parseFields('kind,id,name,mimeType');
const DEFAULT_LIST_SELECTION = parseFields('kind,nextPageToken,incompleteSearch,files(kind,id,name,mimeType)');

interface UploadSession {
  account: string;
  metadata: Record<string, unknown>;
  contentType: string;
  total: number | null;
  received: Buffer[];
  receivedBytes: number;
  fields: string | undefined;
  /** Set for a resumable update of an existing file. */
  fileId?: string;
}

export class DriveEmulatorState {
  readonly drives = new Map<string, DriveAccount>();
  readonly uploads = new Map<string, UploadSession>();
  readonly faults = new DriveFaults();
  /** Random per emulator run: page tokens and thumbnail links of another run are refused. */
  private secret = randomBytes(16).toString('hex');

  driveOf(grant: AccessGrant): DriveAccount {
    let d = this.drives.get(grant.account.email);
    if (!d) {
      d = seedDemoDrive(grant.account);
      this.drives.set(grant.account.email, d);
    }
    return d;
  }

  sign(value: string): string {
    return createHash('sha256').update(`${this.secret}:${value}`).digest('base64url').slice(0, 16);
  }

  reset(): void {
    this.drives.clear();
    this.uploads.clear();
    this.faults.clear();
    this.secret = randomBytes(16).toString('hex');
  }
}

interface Caller {
  grant: AccessGrant;
  drive: DriveAccount;
  scopes: Set<string>;
}

const hasAny = (scopes: Set<string>, ...wanted: string[]) => wanted.some((s) => scopes.has(s));

function extension(name: string): string {
  const i = name.lastIndexOf('.');
  return i > 0 ? name.slice(i + 1) : '';
}

export function registerDriveRoutes(app: Hono, google: GoogleState, drive: DriveEmulatorState, baseUrl: () => string): void {
  drive.faults.register(app);
  // The browser calls Drive from the app's origin, as it calls googleapis.com.
  const browserAccess = cors({
    origin: (origin) => origin || '*',
    allowHeaders: ['authorization', 'content-type', 'range', 'x-upload-content-type', 'x-upload-content-length', 'content-range'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposeHeaders: ['location', 'range', 'content-range', 'retry-after', 'content-length', 'x-guploader-uploadid'],
    maxAge: 3600,
  });
  app.use('/drive/*', browserAccess);
  app.use('/upload/*', browserAccess);
  app.post('/__emulator/drive/reset', (c) => {
    drive.reset();
    return c.body(null, 204);
  });
  // Test hook: "the person changed this file in Drive" (another device, Google's own editor). The
  // file named `name` in the account's drive gets new content (a PDF of `text`, or the native
  // document's text) and a new modifiedTime and version.
  app.post('/__emulator/drive/change', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as { email?: string; name?: string; text?: string };
    const account = google.accounts.get(String(body.email ?? '').toLowerCase());
    if (!account || !body.name) return c.json({ error: 'email of a known account and name are required' }, 400);
    const d = drive.driveOf({ account, clientId: '', scope: '', expiresAt: 0 });
    const f = [...d.files.values()].find((x) => x.name === body.name && x.mimeType !== FOLDER_MIME && !x.trashed);
    if (!f) return c.json({ error: `no file named ${body.name}` }, 404);
    const text = body.text ?? `Changed ${new Date().toISOString()}`;
    if (isNative(f.mimeType)) f.text = text;
    else f.content = makePdf(f.name, [text]);
    f.modifiedTime = new Date(Math.max(Date.now(), Date.parse(f.modifiedTime) + 1000)).toISOString();
    f.version += 1;
    return c.json({ id: f.id, modifiedTime: f.modifiedTime, version: f.version });
  });

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

  const canRead = (caller: Caller, f: StoredFile): boolean =>
    hasAny(caller.scopes, DRIVE_SCOPES.full, DRIVE_SCOPES.readonly, DRIVE_SCOPES.metadataReadonly) || (caller.scopes.has(DRIVE_SCOPES.file) && f.appCreated);
  const canReadContent = (caller: Caller, f: StoredFile): boolean =>
    hasAny(caller.scopes, DRIVE_SCOPES.full, DRIVE_SCOPES.readonly) || (caller.scopes.has(DRIVE_SCOPES.file) && f.appCreated);
  const mayWriteAtAll = (caller: Caller) => hasAny(caller.scopes, DRIVE_SCOPES.full, DRIVE_SCOPES.file);
  const canWrite = (caller: Caller, f: StoredFile): boolean => caller.scopes.has(DRIVE_SCOPES.full) || (caller.scopes.has(DRIVE_SCOPES.file) && f.appCreated);
  const insufficientScopes = () => driveError(403, 'insufficientPermissions');
  const noFilePermission = (id: string) => driveError(403, 'insufficientFilePermissions', { message: `The user does not have sufficient permissions for file ${id}.` });

  function resource(f: StoredFile, caller: Caller): Record<string, unknown> {
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

  function selection(c: Context, known: KnownFields, fallback: Selection): Selection | Response {
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

  /** A file the caller may see, with 'root' as the alias of My Drive. */
  function lookup(caller: Caller, id: string): StoredFile | null {
    if (id === 'root' || id === caller.drive.rootId) return rootFile(caller.drive);
    const f = caller.drive.files.get(id);
    return f && canRead(caller, f) ? f : null;
  }

  const respond = (c: Context, body: unknown, status: 200 | 201 = 200) => c.json(body as object, status);

  // ---- about ----
  app.get('/drive/v3/about', route('about', (c, caller) => {
    if (c.req.query('fields') === undefined) return driveError(400, 'required', { message: "The 'fields' parameter is required for this method.", location: 'fields' });
    const sel = selection(c, ABOUT_FIELDS, DEFAULT_FILE_SELECTION);
    if (sel instanceof Response) return sel;
    const used = usedBytes(caller.drive);
    const a = caller.drive.account;
    return respond(c, applySelection({
      kind: 'drive#about',
      user: { kind: 'drive#user', displayName: a.name, emailAddress: a.email, me: true, permissionId: a.sub.slice(-20), photoLink: a.picture },
      storageQuota: { limit: String(caller.drive.quotaLimit), usage: String(used), usageInDrive: String(used), usageInDriveTrash: '0' },
      maxUploadSize: String(5 * 1024 ** 4),
      exportFormats: { 'application/vnd.google-apps.document': ['application/pdf', 'text/plain'], 'application/vnd.google-apps.spreadsheet': ['application/pdf'], 'application/vnd.google-apps.presentation': ['application/pdf'] },
      appInstalled: false,
      canCreateDrives: false,
    }, sel));
  }));

  // ---- files.list ----
  app.get('/drive/v3/files', route('list', (c, caller) => {
    const sel = selection(c, LIST_FIELDS, DEFAULT_LIST_SELECTION);
    if (sel instanceof Response) return sel;
    const sizeText = c.req.query('pageSize');
    const pageSize = sizeText === undefined ? DEFAULT_PAGE_SIZE : Number(sizeText);
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      return invalidParameter('pageSize', `Invalid value '${sizeText}'. Values must be within the range: [1, ${MAX_PAGE_SIZE}]`);
    }
    const q = c.req.query('q');
    let query;
    try {
      query = q ? parseDriveQuery(q) : null;
    } catch (e) {
      if (e instanceof DriveQueryError) return invalidParameter('q');
      throw e;
    }
    const orderBy = (c.req.query('orderBy') ?? '').trim();
    const keys: Array<{ key: string; desc: boolean }> = [];
    if (orderBy) {
      for (const part of orderBy.split(',')) {
        const m = /^\s*([A-Za-z_]+)(?:\s+(asc|desc))?\s*$/i.exec(part);
        if (!m || !ORDER_KEYS.has(m[1])) return invalidParameter('orderBy', 'Invalid Value');
        keys.push({ key: m[1], desc: m[2]?.toLowerCase() === 'desc' });
      }
    }
    const fingerprint = drive.sign(`${caller.drive.account.email}|${q ?? ''}|${orderBy}`);
    let offset = 0;
    const token = c.req.query('pageToken');
    if (token) {
      try {
        const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o: number; f: string };
        if (parsed.f !== fingerprint || !Number.isInteger(parsed.o) || parsed.o < 0) throw new Error('mismatch');
        offset = parsed.o;
      } catch {
        return invalidParameter('pageToken');
      }
    }
    const matches = [...caller.drive.files.values()].filter((f) => canRead(caller, f) && (!query || matchesQuery(query, searchable(f, caller.drive))));
    const compare = (a: StoredFile, b: StoredFile): number => {
      for (const { key, desc } of keys) {
        let r = 0;
        if (key === 'folder') r = Number(b.mimeType === FOLDER_MIME) - Number(a.mimeType === FOLDER_MIME);
        else if (key === 'name') r = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
        else if (key === 'name_natural') r = a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true });
        else if (key === 'modifiedTime' || key === 'recency' || key === 'modifiedByMeTime' || key === 'viewedByMeTime') r = a.modifiedTime.localeCompare(b.modifiedTime);
        else if (key === 'createdTime' || key === 'sharedWithMeTime') r = a.createdTime.localeCompare(b.createdTime);
        else if (key === 'quotaBytesUsed') r = (a.content?.length ?? 0) - (b.content?.length ?? 0);
        else if (key === 'starred') r = Number(a.starred) - Number(b.starred);
        if (r !== 0) return desc ? -r : r;
      }
      // Drive's default and tie-break: most recently modified first, then id for stability.
      return b.modifiedTime.localeCompare(a.modifiedTime) || a.id.localeCompare(b.id);
    };
    matches.sort(compare);
    const page = matches.slice(offset, offset + pageSize);
    const more = offset + pageSize < matches.length;
    const body: Record<string, unknown> = { kind: 'drive#fileList', incompleteSearch: false, files: page.map((f) => resource(f, caller)) };
    if (more) body.nextPageToken = Buffer.from(JSON.stringify({ o: offset + pageSize, f: fingerprint })).toString('base64url');
    return respond(c, applySelection(body, sel));
  }));

  // ---- files.get (metadata or alt=media) ----
  const getFile = async (c: Context): Promise<Response> => {
    const op: DriveOperation = c.req.query('alt') === 'media' ? 'media' : 'get';
    return route(op, (c2, caller) => {
      const id = c2.req.param('id') ?? '';
      const f = lookup(caller, id);
      if (!f) return notFound(id);
      if (op === 'get') {
        const sel = selection(c2, FILE_FIELDS, DEFAULT_FILE_SELECTION);
        if (sel instanceof Response) return sel;
        return respond(c2, applySelection(resource(f, caller), sel));
      }
      if (!canReadContent(caller, f)) return insufficientScopes();
      if (f.mimeType === FOLDER_MIME || isNative(f.mimeType)) return driveError(403, 'fileNotDownloadable', { location: 'alt' });
      return media(c2, f.content ?? Buffer.alloc(0), f.mimeType);
    })(c);
  };
  app.get('/drive/v3/files/:id', getFile);

  function media(c: Context, content: Buffer, mimeType: string): Response {
    const headers: Record<string, string> = { 'content-type': mimeType, 'accept-ranges': 'bytes', 'cache-control': 'private, max-age=0' };
    const range = parseByteRange(c.req.header('range'), content.length);
    if (range === 'unsatisfiable') return new Response(null, { status: 416, headers: { 'content-range': `bytes */${content.length}` } });
    if (!range) return new Response(new Uint8Array(content), { status: 200, headers: { ...headers, 'content-length': String(content.length) } });
    const { start, end } = range;
    const slice = content.subarray(start, end + 1);
    return new Response(new Uint8Array(slice), {
      status: 206,
      headers: { ...headers, 'content-length': String(slice.length), 'content-range': `bytes ${start}-${end}/${content.length}` },
    });
  }

  // ---- files.export ----
  app.get('/drive/v3/files/:id/export', route('export', (c, caller) => {
    const id = c.req.param('id') ?? '';
    const target = c.req.query('mimeType');
    if (!target) return driveError(400, 'required', { message: 'Required parameter: mimeType', location: 'mimeType' });
    const f = lookup(caller, id);
    if (!f) return notFound(id);
    if (!canReadContent(caller, f)) return insufficientScopes();
    if (!isNative(f.mimeType)) return driveError(403, 'fileNotExportable', { location: 'fileId' });
    if (target !== 'application/pdf' && target !== 'text/plain') return driveError(400, 'badRequest', { message: 'The requested conversion is not supported.', location: 'convertTo' });
    if ((f.exportBytes ?? 0) > EXPORT_LIMIT_BYTES) return driveError(403, 'exportSizeLimitExceeded');
    const text = f.text ?? '';
    const [title, ...lines] = text.split('\n');
    const body = target === 'text/plain' ? Buffer.from(text, 'utf8') : makePdf(title ?? f.name, lines);
    return new Response(new Uint8Array(body), { status: 200, headers: { 'content-type': target, 'content-length': String(body.length) } });
  }));

  // ---- create / upload helpers ----
  function parentsFor(caller: Caller, requested: unknown): string[] | Response {
    const list = Array.isArray(requested) && requested.length > 0 ? requested.map(String) : ['root'];
    const out: string[] = [];
    for (const p of list) {
      const folder = lookup(caller, p);
      if (!folder || folder.mimeType !== FOLDER_MIME || folder.trashed) return notFound(p);
      if (folder.id !== caller.drive.rootId && !canWrite(caller, folder)) return noFilePermission(p);
      out.push(folder.id);
    }
    return out;
  }

  function createFile(c: Context, caller: Caller, metadata: Record<string, unknown>, content: Buffer | undefined, contentType: string | undefined, status: 200 | 201 = 200): Response {
    if (!mayWriteAtAll(caller)) return insufficientScopes();
    const parents = parentsFor(caller, metadata.parents);
    if (parents instanceof Response) return parents;
    const mimeType = typeof metadata.mimeType === 'string' && metadata.mimeType ? metadata.mimeType : (contentType ?? 'application/octet-stream');
    if (content && usedBytes(caller.drive) + content.length > caller.drive.quotaLimit) return driveError(403, 'storageQuotaExceeded');
    const sel = selection(c, FILE_FIELDS, DEFAULT_FILE_SELECTION);
    if (sel instanceof Response) return sel;
    const now = new Date().toISOString();
    const f: StoredFile = {
      id: randomId(),
      name: typeof metadata.name === 'string' && metadata.name ? metadata.name : 'Untitled',
      mimeType,
      parents,
      createdTime: now,
      modifiedTime: typeof metadata.modifiedTime === 'string' && !Number.isNaN(Date.parse(metadata.modifiedTime)) ? new Date(metadata.modifiedTime).toISOString() : now,
      trashed: false,
      explicitlyTrashed: false,
      starred: metadata.starred === true,
      description: typeof metadata.description === 'string' ? metadata.description : undefined,
      appCreated: true,
      version: 1,
    };
    if (isNative(mimeType)) f.text = content?.toString('utf8') ?? '';
    else if (mimeType !== FOLDER_MIME) {
      f.content = content ?? Buffer.alloc(0);
      if (/^text\//.test(mimeType)) f.text = f.content.toString('utf8');
    }
    caller.drive.files.set(f.id, f);
    return respond(c, applySelection(resource(f, caller), sel), status);
  }

  async function readJson(c: Context): Promise<Record<string, unknown> | Response> {
    const text = await c.req.text();
    if (!text.trim()) return {};
    try {
      const v = JSON.parse(text) as unknown;
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // fall through
    }
    return driveError(400, 'parseError', { message: 'Parse Error' });
  }

  /** multipart/related: the first part is JSON metadata, the second the media. */
  function parseMultipart(body: Buffer, contentType: string): { metadata: Record<string, unknown>; media: Buffer; mediaType?: string } | null {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!boundary) return null;
    const delimiter = Buffer.from(`--${boundary}`);
    const parts: Buffer[] = [];
    let at = body.indexOf(delimiter);
    while (at !== -1) {
      const start = at + delimiter.length;
      if (body.subarray(start, start + 2).toString() === '--') break;
      const next = body.indexOf(delimiter, start);
      if (next === -1) break;
      let part = body.subarray(start, next);
      if (part.subarray(0, 2).toString() === '\r\n') part = part.subarray(2);
      if (part.subarray(part.length - 2).toString() === '\r\n') part = part.subarray(0, part.length - 2);
      parts.push(part);
      at = next;
    }
    if (parts.length < 1) return null;
    const split = (p: Buffer) => {
      const sep = p.indexOf('\r\n\r\n');
      const headerText = sep === -1 ? '' : p.subarray(0, sep).toString('utf8');
      const content = sep === -1 ? p : p.subarray(sep + 4);
      const type = /content-type:\s*([^\r\n]+)/i.exec(headerText)?.[1]?.trim();
      return { type, content };
    };
    const meta = split(parts[0]);
    let metadata: Record<string, unknown>;
    try {
      metadata = meta.content.length ? (JSON.parse(meta.content.toString('utf8')) as Record<string, unknown>) : {};
    } catch {
      return null;
    }
    const mediaPart = parts[1] ? split(parts[1]) : { type: undefined, content: Buffer.alloc(0) };
    return { metadata, media: mediaPart.content, mediaType: mediaPart.type };
  }

  // ---- files.create (metadata only) ----
  app.post('/drive/v3/files', route('create', async (c, caller) => {
    const metadata = await readJson(c);
    if (metadata instanceof Response) return metadata;
    return createFile(c, caller, metadata, undefined, undefined);
  }));

  // ---- uploads ----
  app.post('/upload/drive/v3/files', route('upload', async (c, caller) => {
    if (!mayWriteAtAll(caller)) return insufficientScopes();
    const type = c.req.query('uploadType');
    const contentType = c.req.header('content-type') ?? '';
    if (type === 'multipart') {
      const parsed = parseMultipart(Buffer.from(await c.req.arrayBuffer()), contentType);
      if (!parsed) return driveError(400, 'badContent', { message: 'Media type not supported or malformed multipart body.' });
      return createFile(c, caller, parsed.metadata, parsed.media, parsed.mediaType);
    }
    if (type === 'media') {
      return createFile(c, caller, {}, Buffer.from(await c.req.arrayBuffer()), contentType || undefined);
    }
    if (type === 'resumable') {
      const metadata = await readJson(c);
      if (metadata instanceof Response) return metadata;
      const parents = parentsFor(caller, metadata.parents);
      if (parents instanceof Response) return parents;
      const totalHeader = c.req.header('x-upload-content-length');
      const total = totalHeader ? Number(totalHeader) : null;
      if (total !== null && usedBytes(caller.drive) + total > caller.drive.quotaLimit) return driveError(403, 'storageQuotaExceeded');
      const uploadId = `ADPycd${randomBytes(24).toString('base64url')}`;
      drive.uploads.set(uploadId, {
        account: caller.drive.account.email,
        metadata,
        contentType: c.req.header('x-upload-content-type') ?? (typeof metadata.mimeType === 'string' ? metadata.mimeType : 'application/octet-stream'),
        total,
        received: [],
        receivedBytes: 0,
        fields: c.req.query('fields'),
      });
      const location = new URL(`${baseUrl()}/upload/drive/v3/files`);
      location.searchParams.set('uploadType', 'resumable');
      location.searchParams.set('upload_id', uploadId);
      if (c.req.query('fields')) location.searchParams.set('fields', c.req.query('fields')!);
      return new Response(null, { status: 200, headers: { location: location.toString(), 'x-guploader-uploadid': uploadId, 'content-length': '0' } });
    }
    return invalidParameter('uploadType', `Invalid value '${type ?? ''}'. Values must be one of: media, multipart, resumable`);
  }));

  const resumablePut = route('upload', async (c, caller) => {
    const uploadId = c.req.query('upload_id') ?? '';
    const session = drive.uploads.get(uploadId);
    if (!session || session.account !== caller.drive.account.email) return driveError(404, 'notFound', { message: 'Upload session not found.' });
    const range = c.req.header('content-range') ?? '';
    const chunk = Buffer.from(await c.req.arrayBuffer());
    // Fault injection: only the first bytes of this chunk arrive, then the connection is cut.
    const keep = takePartialDrop(c);
    const cut = keep !== undefined && /^bytes \d+-\d+\//.test(range);
    if (cut) {
      const m = /^bytes (\d+)-/.exec(range)!;
      const from = Number(m[1]);
      const kept = chunk.subarray(0, Math.min(keep, chunk.length));
      if (kept.length > 0 && from <= session.receivedBytes && from + kept.length > session.receivedBytes) {
        session.received.push(kept.subarray(session.receivedBytes - from));
        session.receivedBytes = from + kept.length;
      }
      return dropConnection(c);
    }
    const status = /^bytes \*\/(\d+|\*)$/.exec(range);
    const rangeHeader = (): Record<string, string> => (session.receivedBytes > 0 ? { range: `bytes=0-${session.receivedBytes - 1}` } : {});
    if (status) {
      if (status[1] !== '*') session.total = Number(status[1]);
    } else if (range) {
      const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range);
      if (!m) return driveError(400, 'badRequest', { message: 'Failed to parse Content-Range header.' });
      const [from, to] = [Number(m[1]), Number(m[2])];
      if (m[3] !== '*') session.total = Number(m[3]);
      if (to - from + 1 !== chunk.length) return driveError(400, 'badRequest', { message: 'Content-Range does not match the body length.' });
      // A chunk starting past what arrived is refused; an overlap keeps only the new bytes.
      if (from <= session.receivedBytes && to >= session.receivedBytes) {
        session.received.push(chunk.subarray(session.receivedBytes - from));
        session.receivedBytes = to + 1;
      }
    } else {
      session.received = [chunk];
      session.receivedBytes = chunk.length;
      session.total = chunk.length;
    }
    if (session.total === null || session.receivedBytes < session.total) {
      return new Response(null, { status: 308, headers: { ...rangeHeader(), 'content-length': '0', 'x-guploader-uploadid': uploadId } });
    }
    drive.uploads.delete(uploadId);
    const content = Buffer.concat(session.received);
    if (session.fileId) {
      const f = caller.drive.files.get(session.fileId);
      if (!f) return notFound(session.fileId);
      f.content = content;
      f.version++;
      f.modifiedTime = new Date().toISOString();
      return respond(c, applySelection(resource(f, caller), session.fields ? parseFields(session.fields) : DEFAULT_FILE_SELECTION));
    }
    // The session URL carries `fields`, so the answer is shaped as the initiation asked.
    return createFile(c, caller, session.metadata, content, session.contentType);
  });
  app.put('/upload/drive/v3/files', resumablePut);

  // ---- files.update ----
  function updateFile(c: Context, caller: Caller, f: StoredFile, metadata: Record<string, unknown>, content?: Buffer): Response {
    if (!mayWriteAtAll(caller)) return insufficientScopes();
    if (f.id === caller.drive.rootId || f.sharedBy || !canWrite(caller, f)) return noFilePermission(f.id);
    if ('parents' in metadata) {
      return driveError(403, 'fieldNotWritable', { message: 'The parents field is not directly writable in update requests. Use the addParents and removeParents parameters instead.' });
    }
    const sel = selection(c, FILE_FIELDS, DEFAULT_FILE_SELECTION);
    if (sel instanceof Response) return sel;
    const add = (c.req.query('addParents') ?? '').split(',').filter(Boolean);
    const remove = (c.req.query('removeParents') ?? '').split(',').filter(Boolean);
    let parents = [...f.parents];
    if (add.length) {
      const resolved = parentsFor(caller, add);
      if (resolved instanceof Response) return resolved;
      // A folder cannot move into itself or its own descendants.
      for (const p of resolved) {
        for (let cur: StoredFile | undefined = caller.drive.files.get(p); cur; cur = caller.drive.files.get(cur.parents[0] ?? '')) {
          if (cur.id === f.id) return driveError(403, 'invalidParent', { message: 'A folder cannot be moved into itself or one of its descendants.' });
        }
      }
      parents = [...new Set([...parents, ...resolved])];
    }
    if (remove.length) {
      const ids = remove.map((r) => (r === 'root' ? caller.drive.rootId : r));
      parents = parents.filter((p) => !ids.includes(p));
    }
    if (parents.length === 0) parents = [caller.drive.rootId];
    if (content && usedBytes(caller.drive) - (f.content?.length ?? 0) + content.length > caller.drive.quotaLimit) return driveError(403, 'storageQuotaExceeded');
    f.parents = parents;
    if (typeof metadata.name === 'string' && metadata.name) f.name = metadata.name;
    if (typeof metadata.description === 'string') f.description = metadata.description;
    if (typeof metadata.starred === 'boolean') f.starred = metadata.starred;
    if (typeof metadata.trashed === 'boolean') {
      f.trashed = metadata.trashed;
      f.explicitlyTrashed = metadata.trashed;
    }
    if (content) f.content = content;
    f.version++;
    f.modifiedTime = new Date().toISOString();
    return respond(c, applySelection(resource(f, caller), sel));
  }

  app.patch('/drive/v3/files/:id', route('update', async (c, caller) => {
    const id = c.req.param('id') ?? '';
    const f = lookup(caller, id);
    if (!f) return notFound(id);
    const metadata = await readJson(c);
    if (metadata instanceof Response) return metadata;
    return updateFile(c, caller, f, metadata);
  }));

  app.patch('/upload/drive/v3/files/:id', route('upload', async (c, caller) => {
    const id = c.req.param('id') ?? '';
    const f = lookup(caller, id);
    if (!f) return notFound(id);
    const type = c.req.query('uploadType');
    const contentType = c.req.header('content-type') ?? '';
    if (type === 'multipart') {
      const parsed = parseMultipart(Buffer.from(await c.req.arrayBuffer()), contentType);
      if (!parsed) return driveError(400, 'badContent', { message: 'Malformed multipart body.' });
      return updateFile(c, caller, f, parsed.metadata, parsed.media);
    }
    if (type === 'media') return updateFile(c, caller, f, {}, Buffer.from(await c.req.arrayBuffer()));
    return invalidParameter('uploadType');
  }));

  // ---- files.delete ----
  app.delete('/drive/v3/files/:id', route('delete', (c, caller) => {
    const id = c.req.param('id') ?? '';
    if (!mayWriteAtAll(caller)) return insufficientScopes();
    const f = lookup(caller, id);
    if (!f) return notFound(id);
    if (f.id === caller.drive.rootId || f.sharedBy || !canWrite(caller, f)) return noFilePermission(id);
    const doomed = [f.id];
    for (let i = 0; i < doomed.length; i++) {
      for (const child of caller.drive.files.values()) if (child.parents.includes(doomed[i])) doomed.push(child.id);
    }
    for (const d of doomed) caller.drive.files.delete(d);
    return new Response(null, { status: 204 });
  }));

  // ---- thumbnails (like lh3 links: signed, no bearer needed) ----
  app.get('/drive-thumbnails/:spec', (c) => {
    const id = (c.req.param('spec') ?? '').replace(/=s\d+$/, '');
    if (c.req.query('sig') !== drive.sign(id)) return c.text('Forbidden', 403);
    for (const d of drive.drives.values()) {
      const f = d.files.get(id);
      if (!f) continue;
      const png = f.mimeType === 'image/png' && f.content ? f.content : makePng(id.charCodeAt(5) + id.charCodeAt(9));
      return new Response(new Uint8Array(png), { headers: { 'content-type': 'image/png', 'cache-control': 'private, max-age=3600' } });
    }
    return c.text('Not Found', 404);
  });
}
