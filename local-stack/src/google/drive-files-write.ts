import type { Context } from 'hono';
import { canWrite, insufficientScopes, lookup, mayWriteAtAll, noFilePermission, type Caller } from './drive-access.js';
import type { DriveContext } from './drive-context.js';
import { driveError, notFound } from './drive-errors.js';
import { applySelection } from './drive-fields.js';
import { DEFAULT_FILE_SELECTION, FILE_FIELDS, respond, selection } from './drive-resource.js';
import { FOLDER_MIME, isNative, randomId, usedBytes, type StoredFile } from './drive-store.js';

/** Writing Drive: files.create (metadata), files.update (metadata, moves), files.delete — and the helpers uploads share. */

/** The folders a new or moved file goes into, each one the caller may write to ('root' by default). */
export function parentsFor(caller: Caller, requested: unknown): string[] | Response {
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

export function createFile({ resource }: DriveContext, c: Context, caller: Caller, metadata: Record<string, unknown>, content: Buffer | undefined, contentType: string | undefined, status: 200 | 201 = 200): Response {
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

export async function readJson(c: Context): Promise<Record<string, unknown> | Response> {
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

export function updateFile({ resource }: DriveContext, c: Context, caller: Caller, f: StoredFile, metadata: Record<string, unknown>, content?: Buffer): Response {
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

export function registerFileWrites(ctx: DriveContext): void {
  const { app, route } = ctx;
  // ---- files.create (metadata only) ----
  app.post('/drive/v3/files', route('create', async (c, caller) => {
    const metadata = await readJson(c);
    if (metadata instanceof Response) return metadata;
    return createFile(ctx, c, caller, metadata, undefined, undefined);
  }));

  // ---- files.update ----
  app.patch('/drive/v3/files/:id', route('update', async (c, caller) => {
    const id = c.req.param('id') ?? '';
    const f = lookup(caller, id);
    if (!f) return notFound(id);
    const metadata = await readJson(c);
    if (metadata instanceof Response) return metadata;
    return updateFile(ctx, c, caller, f, metadata);
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
}
