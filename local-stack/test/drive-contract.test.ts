import { Readable } from 'node:stream';
import { drive as driveApi, auth as googleAuth, type drive_v3 } from '@googleapis/drive';
import { DRIVE_SCOPES } from '../src/google/drive-api.js';
import { withGoogleEmulator } from './support/google-emulator';

// Google's own Node client (@googleapis/drive) pointed at the emulator with rootUrl: if it can
// list, page, read, export, upload, move and delete here, the emulator speaks Drive v3.

const google = withGoogleEmulator();

function tokenFor(email: string, scope: string): string {
  const account = google().emulator.state.accounts.get(email)!;
  return google().emulator.state.issueAccessToken(account, 'contract-test', scope);
}

function client(token: string): drive_v3.Drive {
  const auth = new googleAuth.OAuth2();
  auth.setCredentials({ access_token: token });
  return driveApi({ version: 'v3', auth, rootUrl: `${google().base}/` });
}

const full = () => client(tokenFor('ada@example.com', DRIVE_SCOPES.full));
const readonly = () => client(tokenFor('ada@example.com', DRIVE_SCOPES.readonly));

async function reasonOf(p: Promise<unknown>): Promise<{ status: number; reason: string; message: string; location?: string }> {
  try {
    await p;
  } catch (e) {
    type Entry = { reason: string; message: string; location?: string };
    const err = e as { status: number; response?: { data?: unknown } };
    let data = err.response?.data;
    if (data instanceof ArrayBuffer) data = JSON.parse(Buffer.from(data).toString('utf8'));
    else if (typeof data === 'string') data = JSON.parse(data);
    const first = (data as { error?: { errors?: Entry[] } } | undefined)?.error?.errors?.[0];
    return { status: err.status, reason: first?.reason ?? '', message: first?.message ?? '', location: first?.location };
  }
  throw new Error('expected the call to fail');
}

describe('Drive v3 emulator through @googleapis/drive', () => {
  it('lists with q, fields and real paging, folders first by name then newest files', async () => {
    const drive = readonly();
    const receipts = await drive.files.list({ q: "name = 'Receipts' and mimeType = 'application/vnd.google-apps.folder' and trashed = false", fields: 'files(id,name)' });
    expect(receipts.data.files).toHaveLength(1);
    expect(Object.keys(receipts.data.files![0]).sort()).toEqual(['id', 'name']);
    expect(receipts.data.nextPageToken).toBeUndefined();
    const folderId = receipts.data.files![0].id!;

    const seen = new Set<string>();
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const res = await drive.files.list({ q: `'${folderId}' in parents and trashed = false`, pageSize: 50, pageToken, orderBy: 'folder,modifiedTime desc', fields: 'nextPageToken, files(id, name, modifiedTime, size)' });
      pages++;
      for (const f of res.data.files!) seen.add(f.id!);
      const times = res.data.files!.map((f) => f.modifiedTime!);
      expect([...times].sort().reverse()).toEqual(times);
      pageToken = res.data.nextPageToken ?? undefined;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen.size).toBe(120);

    const root = await drive.files.list({ q: "'root' in parents and not trashed = true", orderBy: 'folder,name', fields: 'files(name,mimeType)' });
    const names = root.data.files!.map((f) => f.name);
    expect(names.slice(0, 4)).toEqual(['Documents', 'Empty folder', 'Photos', 'Receipts']);
    expect(names).not.toContain('Old bank statement.pdf');
    expect(names).toContain('Shared lease agreement.pdf');

    // Without fields: Drive's default shape, nextPageToken included when there is more.
    const dflt = await drive.files.list({ pageSize: 10 });
    expect(dflt.data.kind).toBe('drive#fileList');
    expect(Object.keys(dflt.data.files![0]).sort()).toEqual(['id', 'kind', 'mimeType', 'name']);
    expect(dflt.data.nextPageToken).toBeTruthy();
    // Asked for files only: no nextPageToken although there are more pages.
    const noToken = await drive.files.list({ pageSize: 10, fields: 'files(id)' });
    expect(noToken.data.nextPageToken).toBeUndefined();
  });

  it('understands or, not, parentheses, contains, != and escaped quotes', async () => {
    const drive = readonly();
    const res = await drive.files.list({
      q: "(name contains 'Home' or name contains 'Car') and mimeType != 'application/vnd.google-apps.folder' and not name contains 'inventory'",
      fields: 'files(name)',
      orderBy: 'name',
    });
    expect(res.data.files!.map((f) => f.name)).toEqual(['Car insurance certificate.pdf', 'Home policy 2026.pdf']);
    const created = await full().files.create({ requestBody: { name: "Ada's notes", mimeType: 'application/vnd.google-apps.folder' }, fields: 'id' });
    const escaped = await drive.files.list({ q: "name = 'Ada\\'s notes'", fields: 'files(id)' });
    expect(escaped.data.files!.map((f) => f.id)).toEqual([created.data.id]);
    const recent = await drive.files.list({ q: "modifiedTime > '2026-10-30T00:00:00' and mimeType = 'application/pdf'", fields: 'files(name)' });
    expect(recent.data.files!.map((f) => f.name).sort()).toEqual(['Passport scan.pdf', 'Welcome to Drive.pdf']);
  });

  it('answers a bad query, page size, order or field selection with Google 400s', async () => {
    const drive = readonly();
    expect(await reasonOf(drive.files.list({ q: "name = 'unterminated" }))).toMatchObject({ status: 400, reason: 'invalid', location: 'q' });
    expect(await reasonOf(drive.files.list({ q: "name contains" }))).toMatchObject({ status: 400, reason: 'invalid', location: 'q' });
    expect(await reasonOf(drive.files.list({ q: "(name = 'a'" }))).toMatchObject({ status: 400, location: 'q' });
    expect(await reasonOf(drive.files.list({ pageSize: 1001 }))).toMatchObject({ status: 400, location: 'pageSize' });
    expect(await reasonOf(drive.files.list({ orderBy: 'size' }))).toMatchObject({ status: 400, location: 'orderBy' });
    expect(await reasonOf(drive.files.list({ fields: 'files(nonsense)' }))).toMatchObject({ status: 400, reason: 'invalidParameter', location: 'fields' });
    expect(await reasonOf(drive.files.list({ pageToken: 'forged' }))).toMatchObject({ status: 400, location: 'pageToken' });
  });

  it('gets metadata, streams media with Range, exports native documents to PDF', async () => {
    const drive = readonly();
    const found = await drive.files.list({ q: "name = 'Passport scan.pdf'", fields: 'files(id)' });
    const id = found.data.files![0].id!;
    const meta = await drive.files.get({ fileId: id, fields: 'id,name,mimeType,size,modifiedTime,webViewLink,webContentLink,thumbnailLink,parents' });
    expect(meta.data.mimeType).toBe('application/pdf');
    expect(Number(meta.data.size)).toBeGreaterThan(300);
    expect(meta.data.webViewLink).toContain(id);
    const media = await drive.files.get({ fileId: id, alt: 'media' }, { responseType: 'arraybuffer' });
    const bytes = Buffer.from(media.data as unknown as ArrayBuffer);
    expect(bytes.length).toBe(Number(meta.data.size));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('Passport of Ada Lovelace');
    const part = await drive.files.get({ fileId: id, alt: 'media' }, { responseType: 'arraybuffer', headers: { Range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(part.data as unknown as ArrayBuffer).toString()).toBe('%PDF-1.4');

    const doc = (await drive.files.list({ q: "name = 'Tax return notes'", fields: 'files(id,mimeType)' })).data.files![0];
    expect(doc.mimeType).toBe('application/vnd.google-apps.document');
    expect(await reasonOf(drive.files.get({ fileId: doc.id!, alt: 'media' }, { responseType: 'arraybuffer' }))).toMatchObject({ status: 403, reason: 'fileNotDownloadable' });
    const pdf = await drive.files.export({ fileId: doc.id!, mimeType: 'application/pdf' }, { responseType: 'arraybuffer' });
    const pdfText = Buffer.from(pdf.data as unknown as ArrayBuffer).toString('latin1');
    expect(pdfText.startsWith('%PDF-')).toBe(true);
    expect(pdfText).toContain('marmalade');
    const big = (await drive.files.list({ q: "name = 'Family photo archive index'", fields: 'files(id)' })).data.files![0];
    expect(await reasonOf(drive.files.export({ fileId: big.id!, mimeType: 'application/pdf' }))).toMatchObject({ status: 403, reason: 'exportSizeLimitExceeded' });
    expect(await reasonOf(drive.files.export({ fileId: id, mimeType: 'application/pdf' }))).toMatchObject({ status: 403, reason: 'fileNotExportable' });
    expect(await reasonOf(drive.files.get({ fileId: 'nope' }))).toEqual({ status: 404, reason: 'notFound', message: 'File not found: nope.', location: 'fileId' });
    const root = await drive.files.get({ fileId: 'root', fields: 'id,name' });
    expect(root.data.name).toBe('My Drive');
    const about = await drive.about.get({ fields: 'user(emailAddress),storageQuota' });
    expect(about.data.user!.emailAddress).toBe('ada@example.com');
    expect(Number(about.data.storageQuota!.limit)).toBeGreaterThan(0);
  });

  it('creates folders, uploads multipart and resumable, renames, moves and deletes', async () => {
    const drive = full();
    const folder = await drive.files.create({ requestBody: { name: 'Dossier', mimeType: 'application/vnd.google-apps.folder', parents: ['root'] }, fields: 'id,name,parents' });
    expect(folder.data.name).toBe('Dossier');
    const sub = await drive.files.create({ requestBody: { name: 'Portfolio: Home', mimeType: 'application/vnd.google-apps.folder', parents: [folder.data.id!] }, fields: 'id' });
    const content = Buffer.from('%PDF-1.4\nhello multipart\n%%EOF\n');
    const up = await drive.files.create({
      requestBody: { name: 'deed.pdf', parents: [sub.data.id!] },
      media: { mimeType: 'application/pdf', body: Readable.from(content) },
      fields: 'id,name,size,mimeType,parents',
    }, { rootUrl: `${google().base}/` }); // the client builds upload URLs from the per-call rootUrl only
    expect(up.data).toMatchObject({ name: 'deed.pdf', size: String(content.length), mimeType: 'application/pdf', parents: [sub.data.id] });
    const back = await drive.files.get({ fileId: up.data.id!, alt: 'media' }, { responseType: 'arraybuffer' });
    expect(Buffer.from(back.data as unknown as ArrayBuffer).equals(content)).toBe(true);

    // Resumable: initiate, send two chunks (308 with Range after the first), finish.
    const auth = new googleAuth.OAuth2();
    auth.setCredentials({ access_token: tokenFor('ada@example.com', DRIVE_SCOPES.full) });
    const big = Buffer.alloc(300_000, 7);
    const init = await auth.request({
      url: `${google().base}/upload/drive/v3/files?uploadType=resumable&fields=id,name,size`,
      method: 'POST',
      headers: { 'X-Upload-Content-Type': 'application/octet-stream', 'X-Upload-Content-Length': String(big.length), 'Content-Type': 'application/json; charset=UTF-8' },
      data: { name: 'big.bin', parents: [folder.data.id] },
    });
    const session = (init.headers as unknown as Headers).get('location');
    expect(session).toContain('upload_id=');
    const first = await auth.request({ url: session!, method: 'PUT', headers: { 'Content-Range': `bytes 0-99999/${big.length}` }, data: big.subarray(0, 100_000), validateStatus: () => true });
    expect(first.status).toBe(308);
    const range = (first.headers as unknown as Headers).get('range');
    expect(range).toBe('bytes=0-99999');
    const done = await auth.request<{ id: string; size: string }>({ url: session!, method: 'PUT', headers: { 'Content-Range': `bytes 100000-${big.length - 1}/${big.length}` }, data: big.subarray(100_000) });
    expect(done.status).toBe(200);
    expect(done.data.size).toBe(String(big.length));

    const renamed = await drive.files.update({ fileId: up.data.id!, requestBody: { name: 'title deed.pdf' }, addParents: folder.data.id!, removeParents: sub.data.id!, fields: 'name,parents' });
    expect(renamed.data).toEqual({ name: 'title deed.pdf', parents: [folder.data.id] });
    const del = await drive.files.delete({ fileId: up.data.id! });
    expect(del.status).toBe(204);
    expect(await reasonOf(drive.files.get({ fileId: up.data.id! }))).toMatchObject({ status: 404, reason: 'notFound' });
  });

  it('enforces scopes, ownership and the error reasons Drive sends', async () => {
    const ro = readonly();
    expect(await reasonOf(ro.files.create({ requestBody: { name: 'x', mimeType: 'application/vnd.google-apps.folder' } }))).toMatchObject({ status: 403, reason: 'insufficientPermissions' });
    expect(await reasonOf(ro.files.create({ requestBody: { name: 'x.txt' }, media: { mimeType: 'text/plain', body: Readable.from(['x']) } }, { rootUrl: `${google().base}/` }))).toMatchObject({ status: 403, reason: 'insufficientPermissions' });
    const anyId = (await ro.files.list({ pageSize: 1, fields: 'files(id)' })).data.files![0].id!;
    expect(await reasonOf(ro.files.delete({ fileId: anyId }))).toMatchObject({ status: 403, reason: 'insufficientPermissions' });
    // drive.file (the write scope asked for on first save) plus readonly: writes only what the app made.
    const both = client(tokenFor('ada@example.com', `${DRIVE_SCOPES.readonly} ${DRIVE_SCOPES.file}`));
    expect(await reasonOf(both.files.delete({ fileId: anyId }))).toMatchObject({ status: 403, reason: 'insufficientFilePermissions' });
    const mine = await both.files.create({ requestBody: { name: 'Dossier', mimeType: 'application/vnd.google-apps.folder' }, fields: 'id' });
    expect((await both.files.delete({ fileId: mine.data.id! })).status).toBe(204);
    const shared = (await full().files.list({ q: "sharedWithMe = true", fields: 'files(id,capabilities/canEdit)' })).data.files![0];
    expect(shared.capabilities!.canEdit).toBe(false);
    expect(await reasonOf(full().files.update({ fileId: shared.id!, requestBody: { name: 'mine now' } }))).toMatchObject({ status: 403, reason: 'insufficientFilePermissions' });
    expect(await reasonOf(client('ya29.not-a-token').files.list({}))).toMatchObject({ status: 401, reason: 'authError' });
    // Another person's drive is invisible.
    const grace = client(tokenFor('grace@example.com', DRIVE_SCOPES.full));
    expect(await reasonOf(grace.files.get({ fileId: anyId }))).toMatchObject({ status: 404, reason: 'notFound' });
  });

  it('injects faults per operation: statuses with reasons, Retry-After, empty bodies, dropped connections', async () => {
    const drive = readonly();
    const arm = (body: object) => fetch(`${google().base}/__emulator/drive/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    for (const [status, reason] of [
      [403, 'storageQuotaExceeded'], [403, 'userRateLimitExceeded'], [403, 'rateLimitExceeded'], [403, 'domainPolicy'],
      [403, 'insufficientFilePermissions'], [429, 'rateLimitExceeded'], [500, 'backendError'], [503, 'serviceUnavailable'], [401, 'authError'],
    ] as const) {
      expect((await arm({ operation: 'list', status, reason })).status).toBe(201);
      // retry: false — the client's own retries would hide a one-shot fault.
      expect(await reasonOf(drive.files.list({ pageSize: 1 }, { retry: false }))).toMatchObject({ status, reason });
    }
    expect((await drive.files.list({ pageSize: 1 })).status).toBe(200);
    const id = (await drive.files.list({ q: "name = 'Welcome to Drive.pdf'", fields: 'files(id)' })).data.files![0].id!;
    await arm({ operation: 'media', emptyBody: true });
    const empty = await drive.files.get({ fileId: id, alt: 'media' }, { responseType: 'arraybuffer' });
    expect(Buffer.from(empty.data as unknown as ArrayBuffer).length).toBe(0);
    await arm({ operation: 'media', drop: true });
    await expect(drive.files.get({ fileId: id, alt: 'media' }, { responseType: 'arraybuffer', retry: false })).rejects.toThrow();
    await arm({ operation: 'media', status: 429, retryAfter: 7 });
    const limited = await fetch(`${google().base}/drive/v3/files/${id}?alt=media`, { headers: { authorization: `Bearer ${tokenFor('ada@example.com', DRIVE_SCOPES.readonly)}` } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    const stats = (await (await fetch(`${google().base}/__emulator/drive/stats`)).json()) as { calls: Record<string, number> };
    expect(stats.calls.media).toBe(3);
    expect((await arm({ operation: 'teleport', status: 500 })).status).toBe(400);
  });

  it('paces a download when asked (the bench\'s Drive profile): the same bytes, after the delay, in small pieces', async () => {
    const drive = readonly();
    const { base } = google();
    const arm = (body: object) => fetch(`${base}/__emulator/drive/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const id = (await drive.files.list({ q: "name = 'Welcome to Drive.pdf'", fields: 'files(id)' })).data.files![0].id!;
    const plain = Buffer.from((await drive.files.get({ fileId: id, alt: 'media' }, { responseType: 'arraybuffer' })).data as unknown as ArrayBuffer);
    expect((await arm({ operation: 'media', delayMs: 5, bytesPerSecond: 4 * 1024 * 1024 })).status).toBe(201);
    const res = await fetch(`${base}/drive/v3/files/${id}?alt=media`, { headers: { authorization: `Bearer ${tokenFor('ada@example.com', DRIVE_SCOPES.readonly)}` } });
    expect(res.status).toBe(200);
    let pieces = 0;
    const received: Buffer[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      pieces += 1;
      received.push(Buffer.from(chunk));
    }
    expect(Buffer.concat(received).equals(plain)).toBe(true);
    expect(pieces).toBeGreaterThanOrEqual(Math.ceil(plain.length / (64 * 1024)));
    // Taken once: the next download is not paced, and a rate must be a positive number.
    expect(((await (await fetch(`${base}/__emulator/drive/faults`)).json()) as { faults: unknown[] }).faults).toEqual([]);
    expect((await arm({ operation: 'media', bytesPerSecond: -1 })).status).toBe(400);
  });

  it('media answers one byte range with 206, an unsatisfiable one with 416, and ignores a malformed or multi-range header', async () => {
    const files = await readonly().files.list({ q: "mimeType = 'application/pdf' and trashed = false", pageSize: 1, fields: 'files(id,size)' });
    const { id, size } = files.data.files![0];
    const total = Number(size);
    const get = (range: string) =>
      fetch(`${google().base}/drive/v3/files/${id}?alt=media`, { headers: { authorization: `Bearer ${tokenFor('ada@example.com', DRIVE_SCOPES.readonly)}`, range } });
    const part = await get('bytes=0-7');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${total}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe('%PDF-1.4');
    const beyond = await get(`bytes=${total}-`);
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${total}`);
    for (const ignored of ['bytes=x', 'bytes=0-1,4-5', 'items=0-1']) {
      const whole = await get(ignored);
      expect(whole.status).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(total);
    }
  });
});
