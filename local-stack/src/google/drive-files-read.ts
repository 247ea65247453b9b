import type { Context } from 'hono';
import { parseByteRange } from '../http/byte-range.js';
import { canRead, canReadContent, insufficientScopes, lookup } from './drive-access.js';
import { makePdf } from './drive-content.js';
import type { DriveContext } from './drive-context.js';
import { driveError, invalidParameter, notFound } from './drive-errors.js';
import type { DriveOperation } from './drive-faults.js';
import { applySelection } from './drive-fields.js';
import { DriveQueryError, matchesQuery, parseDriveQuery } from './drive-query.js';
import { ABOUT_FIELDS, DEFAULT_FILE_SELECTION, DEFAULT_LIST_SELECTION, FILE_FIELDS, LIST_FIELDS, respond, selection } from './drive-resource.js';
import { EXPORT_LIMIT_BYTES, FOLDER_MIME, isNative, searchable, usedBytes, type StoredFile } from './drive-store.js';

/** Reading Drive: about, files.list (q, orderBy, pages), files.get (metadata or alt=media with Range), files.export. */

const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 100;
const ORDER_KEYS = new Set(['createdTime', 'folder', 'modifiedByMeTime', 'modifiedTime', 'name', 'name_natural', 'quotaBytesUsed', 'recency', 'sharedWithMeTime', 'starred', 'viewedByMeTime']);

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

export function registerFileReads({ app, drive, route, resource }: DriveContext): void {
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
}
