import type { Hono } from 'hono';
import { cors } from 'hono/cors';
import { makePdf, makePng } from './drive-content.js';
import { driveContext } from './drive-context.js';
import { registerFileReads } from './drive-files-read.js';
import { registerFileWrites } from './drive-files-write.js';
import type { DriveEmulatorState } from './drive-state.js';
import { FOLDER_MIME, isNative } from './drive-store.js';
import { registerUploads } from './drive-uploads.js';
import type { GoogleState } from './state.js';

/**
 * Google Drive v3, the subset Dossier and Google's own Node client use: files.list (q, fields,
 * pageSize/pageToken, orderBy), files.get (metadata, alt=media with Range), files.export,
 * files.create (metadata, multipart, resumable), files.update, files.delete, about. Each emulator
 * account has its own demo drive, created on first use. Scopes are enforced.
 *
 * One module per resource (drive-files-read, drive-files-write, drive-uploads), each registering
 * its routes on the DriveContext built here; this file adds the browser's CORS, the emulator's
 * test hooks and the signed thumbnail links.
 */

export { DRIVE_SCOPES } from './drive-access.js';
export { DriveEmulatorState } from './drive-state.js';

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
  registerEmulatorHooks(app, google, drive);

  const ctx = driveContext(app, google, drive, baseUrl);
  registerFileReads(ctx);
  registerFileWrites(ctx);
  registerUploads(ctx);

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

/** Test hooks under /__emulator/drive: reset everything, or change a file as another device would. */
function registerEmulatorHooks(app: Hono, google: GoogleState, drive: DriveEmulatorState): void {
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
}
