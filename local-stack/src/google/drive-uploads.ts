import { randomBytes } from 'node:crypto';
import { insufficientScopes, lookup, mayWriteAtAll } from './drive-access.js';
import type { DriveContext } from './drive-context.js';
import { driveError, invalidParameter, notFound } from './drive-errors.js';
import { dropConnection, takePartialDrop } from './drive-faults.js';
import { applySelection, parseFields } from './drive-fields.js';
import { createFile, parentsFor, readJson, updateFile } from './drive-files-write.js';
import { DEFAULT_FILE_SELECTION, respond } from './drive-resource.js';
import { usedBytes } from './drive-store.js';

/** Drive's upload endpoints: uploadType=media, multipart and resumable (308 + Range, chunk by chunk), for new files and updates. */

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

export function registerUploads(ctx: DriveContext): void {
  const { app, drive, baseUrl, route, resource } = ctx;
  // ---- uploads ----
  app.post('/upload/drive/v3/files', route('upload', async (c, caller) => {
    if (!mayWriteAtAll(caller)) return insufficientScopes();
    const type = c.req.query('uploadType');
    const contentType = c.req.header('content-type') ?? '';
    if (type === 'multipart') {
      const parsed = parseMultipart(Buffer.from(await c.req.arrayBuffer()), contentType);
      if (!parsed) return driveError(400, 'badContent', { message: 'Media type not supported or malformed multipart body.' });
      return createFile(ctx, c, caller, parsed.metadata, parsed.media, parsed.mediaType);
    }
    if (type === 'media') {
      return createFile(ctx, c, caller, {}, Buffer.from(await c.req.arrayBuffer()), contentType || undefined);
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
    return createFile(ctx, c, caller, session.metadata, content, session.contentType);
  });
  app.put('/upload/drive/v3/files', resumablePut);

  app.patch('/upload/drive/v3/files/:id', route('upload', async (c, caller) => {
    const id = c.req.param('id') ?? '';
    const f = lookup(caller, id);
    if (!f) return notFound(id);
    const type = c.req.query('uploadType');
    const contentType = c.req.header('content-type') ?? '';
    if (type === 'multipart') {
      const parsed = parseMultipart(Buffer.from(await c.req.arrayBuffer()), contentType);
      if (!parsed) return driveError(400, 'badContent', { message: 'Malformed multipart body.' });
      return updateFile(ctx, c, caller, f, parsed.metadata, parsed.media);
    }
    if (type === 'media') return updateFile(ctx, c, caller, f, {}, Buffer.from(await c.req.arrayBuffer()));
    return invalidParameter('uploadType');
  }));
}
