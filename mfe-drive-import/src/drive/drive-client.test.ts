/** @jest-environment node */
import { DRIVE_CONNECTION_MESSAGES, DRIVE_MESSAGES, DriveError, FILE_ACCESS_MESSAGES, resetCircuits, VALIDATION_MESSAGES } from '@dossier/shared/core';
import type { ClassifiedDriveError } from '@dossier/shared/contract';
import { DriveClient } from './drive-client';

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; raw?: BodyInit | null } | Error;

function googleError(status: number, reason: string, message: string) {
  return { status, body: { error: { code: status, message, errors: [{ domain: 'global', reason, message }], status: 'X' } } };
}

function setup(answers: Answer[], opts: { token?: string | null; refresh?: () => Promise<string | null> } = {}) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const errors: ClassifiedDriveError[] = [];
  const fetchImpl = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    if (next instanceof Error) throw next;
    const body = next.raw !== undefined ? next.raw : next.body === undefined ? null : JSON.stringify(next.body);
    return new Response(body, { status: next.status, headers: next.headers });
  });
  const client = new DriveClient({
    apiBaseUrl: 'http://drive.test/drive/v3',
    apiKey: 'key-1',
    getAccessToken: () => (opts.token === undefined ? 'tok' : opts.token),
    refreshAccessToken: opts.refresh,
    onError: (e) => errors.push(e),
    fetch: fetchImpl as unknown as typeof fetch,
    random: () => 0,
  });
  return { client, calls, errors, fetchImpl };
}

/** Runs a promise to its end while advancing fake time. */
async function settle<T>(p: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  let out: { value?: T; error?: unknown } | undefined;
  p.then((value) => (out = { value }), (error) => (out = { error }));
  for (let i = 0; i < 200 && !out; i++) await jest.advanceTimersByTimeAsync(1_000);
  return out!;
}

beforeEach(() => {
  jest.useFakeTimers();
  resetCircuits();
});
afterEach(() => jest.useRealTimers());

describe('DriveClient requests (SPEC §7)', () => {
  it('lists a folder: 50 per page, newest first, not trashed, scoped to the parent, with the filter; bearer and api key', async () => {
    const { client, calls } = setup([{ status: 200, body: { files: [{ id: 'a', name: 'A', mimeType: 'application/pdf', modifiedTime: 't' }], nextPageToken: 'n2' } }]);
    const page = await client.listFiles({ parentId: 'folder1', filter: 'documents' });
    expect(page).toEqual({ files: [expect.objectContaining({ id: 'a' })], nextPageToken: 'n2' });
    const url = new URL(calls[0].url);
    expect(url.pathname).toBe('/drive/v3/files');
    expect(url.searchParams.get('pageSize')).toBe('50');
    expect(url.searchParams.get('orderBy')).toBe('modifiedTime desc');
    expect(url.searchParams.get('key')).toBe('key-1');
    expect(url.searchParams.get('fields')).toContain('nextPageToken');
    const q = url.searchParams.get('q')!;
    expect(q).toContain("'folder1' in parents");
    expect(q).toContain('trashed = false');
    expect(q).toContain("mimeType = 'application/vnd.google-apps.document'");
    expect(q).toContain("mimeType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'");
    expect((calls[0].init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('escapes quotes in a name search and searches the whole drive', async () => {
    const { client, calls } = setup([{ status: 200, body: { files: [] } }]);
    await client.listFiles({ search: "Ada's \\ notes", filter: 'images' });
    const q = new URL(calls[0].url).searchParams.get('q')!;
    expect(q).toContain("name contains 'Ada\\'s \\\\ notes'");
    expect(q).toContain("mimeType contains 'image/'");
    expect(q).not.toContain('in parents');
  });

  it('lists folders by name and caches them for 5 minutes; folder-not-found clears the cache', async () => {
    const { client, calls } = setup([{ status: 200, body: { files: [{ id: 'f', name: 'F', parents: ['root'] }] } }]);
    expect(await client.listFolders('root')).toEqual([expect.objectContaining({ id: 'f', parentId: 'root' })]);
    expect(new URL(calls[0].url).searchParams.get('orderBy')).toBe('name');
    await client.listFolders('root');
    expect(calls).toHaveLength(1);
    jest.advanceTimersByTime(5 * 60_000 + 1);
    await client.listFolders('root');
    expect(calls).toHaveLength(2);
    const second = setup([{ status: 200, body: { files: [] } }, googleError(404, 'notFound', 'File not found: gone.'), { status: 200, body: { files: [] } }]);
    await second.client.listFolders('root');
    const failed = await settle(second.client.listFiles({ parentId: 'gone' }));
    expect((failed.error as DriveError).driveErrorType).toBe('folder_not_found');
    await second.client.listFolders('root');
    expect(second.calls).toHaveLength(3);
  });

  it('needs a token and valid ids (SPEC §5 texts)', async () => {
    const { client, calls } = setup([{ status: 200, body: {} }], { token: null });
    await expect(client.listFiles()).rejects.toThrow(VALIDATION_MESSAGES.notAuthenticatedWithDrive('Google Drive'));
    await expect(client.download('')).rejects.toThrow(VALIDATION_MESSAGES.invalidDownloadId);
    await expect(client.download(42 as unknown as string)).rejects.toThrow(VALIDATION_MESSAGES.invalidDownloadId);
    await expect(client.deleteFile('   ')).rejects.toThrow(VALIDATION_MESSAGES.invalidDeleteId);
    expect(calls).toHaveLength(0);
  });

  it('uploads multipart/related with the metadata part first', async () => {
    const { client, calls } = setup([{ status: 200, body: { id: 'new', name: 'a.pdf', size: '3' } }]);
    const out = await client.uploadMultipart({ name: 'a.pdf', mimeType: 'application/pdf', parents: ['p'], data: new Blob(['abc']) });
    expect(out).toEqual({ id: 'new', name: 'a.pdf', size: '3' });
    expect(calls[0].url).toContain('http://drive.test/upload/drive/v3/files?uploadType=multipart');
    const type = (calls[0].init.headers as Record<string, string>)['content-type'];
    expect(type).toMatch(/^multipart\/related; boundary=/);
    const text = await (calls[0].init.body as Blob).text();
    expect(text.indexOf('"parents":["p"]')).toBeLessThan(text.indexOf('abc'));
  });

  it('merging duplicate folders (ADR 0497): children oldest first, a move is addParents/removeParents, a trash is trashed: true (never DELETE)', async () => {
    const { client, calls } = setup([
      { status: 200, body: { files: [{ id: 'c1', name: 'x.pdf', mimeType: 'application/pdf', parents: ['dup'], createdTime: '2026-01-01T00:00:00Z' }] } },
      { status: 200, body: { id: 'c1', name: 'x.pdf', parents: ['home'] } },
      { status: 200, body: { id: 'dup' } },
    ]);
    expect(await client.listChildren('dup')).toEqual([{ id: 'c1', name: 'x.pdf', mimeType: 'application/pdf', parentId: 'dup', createdTime: '2026-01-01T00:00:00Z', modifiedTime: undefined, description: undefined }]);
    const list = new URL(calls[0].url).searchParams;
    expect(list.get('q')).toBe("'dup' in parents and trashed = false");
    expect(list.get('orderBy')).toBe('createdTime');
    expect((await client.move('c1', 'dup', 'home')).parentId).toBe('home');
    const move = new URL(calls[1].url);
    expect([calls[1].init.method, move.pathname, move.searchParams.get('addParents'), move.searchParams.get('removeParents')]).toEqual(['PATCH', '/drive/v3/files/c1', 'home', 'dup']);
    await client.trash('dup');
    expect([calls[2].init.method, JSON.parse(String(calls[2].init.body))]).toEqual(['PATCH', { trashed: true }]);
  });
});

describe('SPEC §8 status mapping', () => {
  const cases: Array<[Answer, string, boolean]> = [
    [googleError(401, 'authError', 'Invalid Credentials'), 'authentication_expired', false],
    [googleError(403, 'storageQuotaExceeded', "The user's Drive storage quota has been exceeded."), 'quota_exceeded', false],
    [googleError(403, 'userRateLimitExceeded', 'User rate limit exceeded.'), 'api_limit_exceeded', true],
    [googleError(403, 'insufficientFilePermissions', 'The user does not have sufficient permissions for file x.'), 'permission_denied', false],
    [googleError(403, 'domainPolicy', 'The domain administrators have disabled Drive apps.'), 'permission_denied', false],
    [googleError(404, 'notFound', 'File not found: x.'), 'file_not_found', false],
    [googleError(409, 'conflict', 'Conflict'), 'duplicate_file_name', false],
    [googleError(413, 'uploadTooLarge', 'Too large'), 'file_too_large', false],
    [googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded'), 'api_limit_exceeded', true],
    [googleError(500, 'backendError', 'Backend Error'), 'api_error', true],
    [googleError(502, 'badGateway', 'Bad Gateway'), 'api_error', true],
    [googleError(503, 'serviceUnavailable', 'Unavailable'), 'api_error', true],
    [googleError(504, 'deadlineExceeded', 'Deadline'), 'api_error', true],
    [new TypeError('Failed to fetch'), 'network_error', true],
  ];
  it.each(cases)('%# → %s', async (answer, kind, retryable) => {
    const { client, errors } = setup([answer]);
    const { error } = await settle(client.getMetadata('x'));
    expect(error).toBeInstanceOf(DriveError);
    const e = error as DriveError;
    expect(e.driveErrorType).toBe(kind);
    expect(e.retryable).toBe(retryable);
    expect(e.title).toBeTruthy();
    expect(e.action).toBeTruthy();
    if (!(answer instanceof Error)) expect(e.message).toMatch(/^HTTP \d{3}: /);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ driveErrorType: kind, fileId: 'x', operation: 'metadata' });
  });

  it('gives SPEC titles where SPEC has them', async () => {
    const { client } = setup([googleError(403, 'storageQuotaExceeded', 'The user has exceeded their Drive storage quota')]);
    const { error } = await settle(client.getMetadata('x'));
    expect((error as DriveError).title).toBe('Storage Full');
  });

  it('explains a refused export with SPEC advice', async () => {
    const { client } = setup([googleError(403, 'exportSizeLimitExceeded', 'This file is too large to be exported.')]);
    const { error } = await settle(client.exportPdf('doc'));
    expect((error as DriveError).displayMessage).toContain(DRIVE_MESSAGES.exportForbidden);
  });

  it('file access check texts', async () => {
    const texts = [];
    for (const answer of [googleError(404, 'notFound', 'x'), googleError(403, 'insufficientFilePermissions', 'no'), googleError(401, 'authError', 'x'), new TypeError('Failed to fetch'), googleError(400, 'badRequest', 'x')]) {
      const { client } = setup([answer]);
      texts.push((await client.checkAccess('f')).reason);
    }
    expect(texts).toEqual([FILE_ACCESS_MESSAGES.notFound, FILE_ACCESS_MESSAGES.accessDenied, FILE_ACCESS_MESSAGES.authenticationRequired, FILE_ACCESS_MESSAGES.network, FILE_ACCESS_MESSAGES.unknown]);
  });
});

describe('SPEC §9 retries and the circuit breaker', () => {
  it('download: 3 attempts with 1–10 s back-off, then the last error', async () => {
    const { client, calls } = setup([googleError(500, 'backendError', 'Backend Error')]);
    const started = Date.now();
    const { error } = await settle(client.download('f'));
    expect((error as DriveError).driveErrorType).toBe('api_error');
    expect(calls).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000 + 2_000);
  });

  it('download: an empty file waits 2 s then 5 s and retries, then fails with the empty-file message', async () => {
    const { client, calls } = setup([{ status: 200, raw: '' }]);
    let failure: unknown;
    client.download('f').catch((e: unknown) => (failure = e));
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1_999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(calls).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(0);
    expect((failure as DriveError).message).toBe(DRIVE_CONNECTION_MESSAGES.emptyFile);
  });

  it('download: an empty answer followed by content succeeds', async () => {
    const { client } = setup([{ status: 200, raw: '' }, { status: 200, raw: 'hello' }]);
    const { value } = await settle(client.download('f'));
    expect(await (value as Blob).text()).toBe('hello');
  });

  it('rate limit waits at least 5 s (or Retry-After)', async () => {
    const { client, calls } = setup([{ ...googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded'), headers: { 'retry-after': '7' } }, { status: 200, body: { files: [] } }]);
    let listed: unknown;
    void client.listFiles().then((v) => (listed = v));
    await jest.advanceTimersByTimeAsync(6_900);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(0);
    expect(listed).toEqual({ files: [], nextPageToken: undefined });
  });

  it('upload: never retries auth, quota, too-large or permission errors', async () => {
    for (const answer of [googleError(401, 'authError', 'x'), googleError(403, 'storageQuotaExceeded', 'storage quota'), googleError(413, 'uploadTooLarge', 'big'), googleError(403, 'insufficientFilePermissions', 'no')]) {
      const { client, calls } = setup([answer]);
      await settle(client.uploadMultipart({ name: 'a', mimeType: 'text/plain', parents: ['p'], data: new Blob(['a']) }));
      expect(calls).toHaveLength(1);
    }
  });

  it('delete: no retry on not-found; 204 is success', async () => {
    const gone = setup([googleError(404, 'notFound', 'File not found: f.')]);
    expect(((await settle(gone.client.deleteFile('f'))).error as DriveError).driveErrorType).toBe('file_not_found');
    expect(gone.calls).toHaveLength(1);
    const ok = setup([{ status: 204 }]);
    expect((await settle(ok.client.deleteFile('f'))).error).toBeUndefined();
  });

  it('folder creation: 3 attempts, 1 s doubling', async () => {
    const { client, calls } = setup([googleError(503, 'serviceUnavailable', 'x'), googleError(503, 'serviceUnavailable', 'x'), { status: 200, body: { id: 'd', name: 'Dossier', parents: ['root'] } }]);
    const { value } = await settle(client.createFolder('Dossier'));
    expect(value).toMatchObject({ id: 'd', name: 'Dossier' });
    expect(calls).toHaveLength(3);
  });

  it('a 401 refreshes the token once and repeats the call', async () => {
    const refresh = jest.fn(async () => 'fresh');
    const { client, calls } = setup([googleError(401, 'authError', 'x'), { status: 200, body: { id: 'f', name: 'F' } }], { refresh });
    await client.getMetadata('f');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect((calls[1].init.headers as Record<string, string>).authorization).toBe('Bearer fresh');
  });

  it('5 temporary failures open the circuit of that operation for 60 s; other operations still run', async () => {
    const { client, calls } = setup([googleError(429, 'rateLimitExceeded', 'Rate Limit Exceeded')]);
    await settle(client.listFiles()); // 3 attempts
    await settle(client.listFiles()); // 2 more → 5 failures, open
    const count = calls.length;
    expect(count).toBe(5);
    const { error } = await settle(client.listFiles());
    expect(calls.length).toBe(count);
    expect((error as DriveError).message).toBe(DRIVE_CONNECTION_MESSAGES.circuitOpen);
    await settle(client.getMetadata('x'));
    expect(calls.length).toBeGreaterThan(count);
  });
});
