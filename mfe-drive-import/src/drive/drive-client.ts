import {
  circuitFor,
  CircuitOpenError,
  DEFAULT_RETRY_POLICY,
  DRIVE_LIMITS,
  DriveError,
  driveErrorFromFailure,
  driveErrorFromResponse,
  FILE_ACCESS_MESSAGES,
  OPERATION_RETRY_POLICIES,
  VALIDATION_MESSAGES,
  ValidationError,
  withRetry,
  DRIVE_CONNECTION_MESSAGES,
  type DriveErrorContext,
  type RetryPolicy,
} from '@dossier/shared/core';
import type { ClassifiedDriveError } from '@dossier/shared/contract';

/** SPEC §3 drive file (plus what the browser shows and import needs). */
export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  modifiedTime: string;
  webViewLink?: string;
  thumbnailLink?: string;
  parents?: string[];
  sha256Checksum?: string;
  iconLink?: string;
}

/** SPEC §3 drive folder. */
export interface DriveFolder {
  id: string;
  name: string;
  parentId?: string;
  createdTime?: string;
  modifiedTime?: string;
  description?: string;
}

export const FOLDER_MIME = 'application/vnd.google-apps.folder';
export const NATIVE_DOCUMENT_MIMES = ['application/vnd.google-apps.document', 'application/vnd.google-apps.spreadsheet', 'application/vnd.google-apps.presentation'] as const;
export const WORD_MIMES = ['application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'] as const;
export const isNativeDocument = (mime: string) => (NATIVE_DOCUMENT_MIMES as readonly string[]).includes(mime);
export const isFolder = (f: { mimeType: string }) => f.mimeType === FOLDER_MIME;

export type DriveFileFilter = 'all' | 'pdf' | 'documents' | 'images';

export interface ListFilesOptions {
  parentId?: string;
  filter?: DriveFileFilter;
  /** Name search; searches the whole drive, not only the current folder. */
  search?: string;
  pageToken?: string;
  pageSize?: number;
}

export interface FileAccess {
  ok: boolean;
  /** SPEC §8 file access check text when not ok. */
  reason?: string;
  file?: { id: string; name: string; capabilities?: Record<string, boolean> };
}

export interface DriveClientOptions {
  /** app-config drive.apiBaseUrl, e.g. https://www.googleapis.com/drive/v3 */
  apiBaseUrl: string;
  apiKey?: string;
  /** The current access token; null when not connected. */
  getAccessToken(): string | null | Promise<string | null>;
  /** Called once on a 401: refresh and return the new token (null when impossible). */
  refreshAccessToken?(): Promise<string | null>;
  /** Every classified drive error, for the error log (SPEC §9: last 50). */
  onError?(error: ClassifiedDriveError): void;
  fetch?: typeof fetch;
  /** Jitter source, for tests. */
  random?: () => number;
  now?: () => number;
}

type Operation = 'list' | 'metadata' | 'download' | 'export' | 'upload' | 'delete' | 'folderCreation' | 'update';

/** Retry policies per operation (SPEC §9); list, metadata, export and update use the defaults. */
const POLICIES: Record<Operation, RetryPolicy> = {
  list: DEFAULT_RETRY_POLICY,
  metadata: DEFAULT_RETRY_POLICY,
  update: DEFAULT_RETRY_POLICY,
  download: OPERATION_RETRY_POLICIES.download,
  export: { ...OPERATION_RETRY_POLICIES.download, isEmptyResult: undefined, emptyResultDelaysMs: undefined },
  upload: OPERATION_RETRY_POLICIES.upload,
  delete: OPERATION_RETRY_POLICIES.delete,
  folderCreation: OPERATION_RETRY_POLICIES.folderCreation,
};

/** Drive wants resumable chunks in multiples of 256 KiB; 8 MiB is its suggested size. */
const RESUMABLE_QUANTUM = 256 * 1024;
const RESUMABLE_CHUNK = 8 * 1024 * 1024;
const UPLOAD_SESSION_MESSAGES = {
  missing: 'Google Drive did not open an upload session.',
  expired: 'The Google Drive upload session expired; the upload starts again.',
};

const escapeQ = (value: string) => value.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

const FILE_FIELDS = 'id,name,mimeType,size,modifiedTime,webViewLink,thumbnailLink,parents,sha256Checksum,iconLink';
const FOLDER_FIELDS = 'id,name,parents,createdTime,modifiedTime,description';

function filterQuery(filter: DriveFileFilter): string {
  switch (filter) {
    case 'pdf':
      return "mimeType = 'application/pdf'";
    case 'documents':
      return `(${['application/pdf', ...WORD_MIMES, ...NATIVE_DOCUMENT_MIMES].map((m) => `mimeType = '${m}'`).join(' or ')})`;
    case 'images':
      return "mimeType contains 'image/'";
    default:
      return `mimeType != '${FOLDER_MIME}'`;
  }
}

function toFolder(raw: { id: string; name: string; parents?: string[]; createdTime?: string; modifiedTime?: string; description?: string }): DriveFolder {
  return { id: raw.id, name: raw.name, parentId: raw.parents?.[0], createdTime: raw.createdTime, modifiedTime: raw.modifiedTime, description: raw.description };
}

/**
 * The one Drive v3 client of the app (SPEC §7): every call needs a token, answers that are not
 * successes become SPEC §8 drive errors, each operation retries per SPEC §9 and runs through its
 * own circuit breaker, and folder listings are cached for 5 minutes.
 */
export class DriveClient {
  private readonly folderCache = new Map<string, { at: number; value: unknown }>();
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;

  constructor(private readonly options: DriveClientOptions) {
    this.fetchImpl = options.fetch ?? ((...args) => fetch(...args));
    this.now = options.now ?? Date.now;
  }

  get uploadBaseUrl(): string {
    return this.options.apiBaseUrl.replace(/\/drive\/v3\/?$/, '/upload/drive/v3');
  }

  /** One page of files in a folder (newest first), or a drive-wide name search. */
  async listFiles(opts: ListFilesOptions = {}): Promise<{ files: DriveFile[]; nextPageToken?: string }> {
    const clauses = ['trashed = false', filterQuery(opts.filter ?? 'all')];
    if (opts.search?.trim()) clauses.push(`name contains '${escapeQ(opts.search.trim())}'`);
    else clauses.unshift(`'${escapeQ(opts.parentId ?? 'root')}' in parents`);
    const params = new URLSearchParams({
      q: clauses.join(' and '),
      fields: `nextPageToken,files(${FILE_FIELDS})`,
      pageSize: String(opts.pageSize ?? DRIVE_LIMITS.listPageSize),
      orderBy: 'modifiedTime desc',
    });
    if (opts.pageToken) params.set('pageToken', opts.pageToken);
    const body = await this.json<{ files?: DriveFile[]; nextPageToken?: string }>('list', `/files?${params}`, { operation: 'list', fileId: opts.parentId, folder: true });
    return { files: body.files ?? [], nextPageToken: body.nextPageToken };
  }

  /** Every sub-folder of a folder, by name (cached 5 minutes). */
  async listFolders(parentId = 'root'): Promise<DriveFolder[]> {
    return this.cached(`folders:${parentId}`, async () => {
      const folders: DriveFolder[] = [];
      let pageToken: string | undefined;
      do {
        const params = new URLSearchParams({
          q: `'${escapeQ(parentId)}' in parents and mimeType = '${FOLDER_MIME}' and trashed = false`,
          fields: `nextPageToken,files(${FOLDER_FIELDS})`,
          pageSize: String(DRIVE_LIMITS.listPageSize),
          orderBy: 'name',
        });
        if (pageToken) params.set('pageToken', pageToken);
        const body = await this.json<{ files?: Array<Parameters<typeof toFolder>[0]>; nextPageToken?: string }>('list', `/files?${params}`, {
          operation: 'list',
          fileId: parentId,
          folder: true,
        });
        folders.push(...(body.files ?? []).map(toFolder));
        pageToken = body.nextPageToken;
      } while (pageToken);
      return folders;
    });
  }

  /** Folders whose names contain `text` inside `parentId` (the portfolio folders lookup of SPEC §7). */
  async findFolders(parentId: string, nameContains: string): Promise<DriveFolder[]> {
    const params = new URLSearchParams({
      q: `'${escapeQ(parentId)}' in parents and mimeType = '${FOLDER_MIME}' and name contains '${escapeQ(nameContains)}' and trashed = false`,
      fields: `nextPageToken,files(${FOLDER_FIELDS})`,
      pageSize: String(DRIVE_LIMITS.listPageSize),
      orderBy: 'name',
    });
    const out: DriveFolder[] = [];
    let pageToken: string | undefined;
    do {
      if (pageToken) params.set('pageToken', pageToken);
      const body = await this.json<{ files?: Array<Parameters<typeof toFolder>[0]>; nextPageToken?: string }>('list', `/files?${params}`, { operation: 'list', fileId: parentId, folder: true });
      out.push(...(body.files ?? []).map(toFolder));
      pageToken = body.nextPageToken;
    } while (pageToken);
    return out;
  }

  /** Names of everything in a folder (for SPEC §5's conflict renaming). */
  async childNames(parentId: string): Promise<Set<string>> {
    const names = new Set<string>();
    let pageToken: string | undefined;
    do {
      const params = new URLSearchParams({ q: `'${escapeQ(parentId)}' in parents and trashed = false`, fields: 'nextPageToken,files(name)', pageSize: '1000' });
      if (pageToken) params.set('pageToken', pageToken);
      const body = await this.json<{ files?: Array<{ name: string }>; nextPageToken?: string }>('list', `/files?${params}`, { operation: 'list', fileId: parentId, folder: true });
      for (const f of body.files ?? []) names.add(f.name);
      pageToken = body.nextPageToken;
    } while (pageToken);
    return names;
  }

  /** The connected account and its quota (the first call after connecting). */
  async about(): Promise<{ user: { displayName: string; emailAddress: string }; storageQuota?: { limit?: string; usage?: string } }> {
    return this.json('metadata', '/about?fields=user(displayName,emailAddress),storageQuota', { operation: 'about' }, { retry: false });
  }

  async getRoot(): Promise<DriveFolder> {
    return toFolder(await this.json('metadata', `/files/root?fields=${FOLDER_FIELDS}`, { operation: 'metadata', fileId: 'root', folder: true }));
  }

  async getMetadata(fileId: string): Promise<DriveFile> {
    this.requireId(fileId, VALIDATION_MESSAGES.invalidDownloadId);
    return this.json('metadata', `/files/${encodeURIComponent(fileId)}?fields=${FILE_FIELDS}`, { operation: 'metadata', fileId });
  }

  /** SPEC §8 file access check: ok, or 'File not found' / 'Access denied' / … */
  async checkAccess(fileId: string): Promise<FileAccess> {
    try {
      const file = await this.json<NonNullable<FileAccess['file']>>('metadata', `/files/${encodeURIComponent(fileId)}?fields=id,name,permissions,capabilities`, { operation: 'metadata', fileId }, { retry: false });
      return { ok: true, file };
    } catch (error) {
      const status = error instanceof DriveError ? error.status : undefined;
      if (status === 404) return { ok: false, reason: FILE_ACCESS_MESSAGES.notFound };
      if (status === 403) return { ok: false, reason: FILE_ACCESS_MESSAGES.accessDenied };
      if (status === 401 || (error instanceof Error && error.message === VALIDATION_MESSAGES.notAuthenticatedWithDrive(DRIVE_CONNECTION_MESSAGES.provider))) {
        return { ok: false, reason: FILE_ACCESS_MESSAGES.authenticationRequired };
      }
      if (error instanceof DriveError && (error.driveErrorType === 'network_error' || error.driveErrorType === 'timeout' || (status !== undefined && status >= 500))) {
        return { ok: false, reason: FILE_ACCESS_MESSAGES.network };
      }
      return { ok: false, reason: FILE_ACCESS_MESSAGES.unknown };
    }
  }

  async getShareLink(fileId: string): Promise<{ webViewLink?: string; webContentLink?: string }> {
    return this.json('metadata', `/files/${encodeURIComponent(fileId)}?fields=webViewLink,webContentLink`, { operation: 'metadata', fileId });
  }

  /** The file's bytes (alt=media); an empty answer is retried after 2 s then 5 s (SPEC §9). */
  async download(fileId: unknown, fileName?: string, signal?: AbortSignal): Promise<Blob> {
    if (typeof fileId !== 'string' || !fileId) throw new ValidationError(VALIDATION_MESSAGES.invalidDownloadId);
    return this.run('download', { operation: 'download', fileId, fileName }, async () => {
      const res = await this.request(`/files/${encodeURIComponent(fileId)}?alt=media`, { signal }, { operation: 'download', fileId, fileName });
      return res.blob();
    }, signal);
  }

  /** A Google document as PDF (files.export). */
  async exportPdf(fileId: string, fileName?: string, signal?: AbortSignal): Promise<Blob> {
    this.requireId(fileId, VALIDATION_MESSAGES.invalidDownloadId);
    return this.run('export', { operation: 'export', fileId, fileName }, async () => {
      const res = await this.request(`/files/${encodeURIComponent(fileId)}/export?mimeType=application%2Fpdf`, { signal }, { operation: 'export', fileId, fileName });
      return res.blob();
    }, signal);
  }

  /** multipart/related upload of metadata + content; answers id, name, size. */
  async uploadMultipart(input: { name: string; mimeType: string; parents: string[]; data: Blob; description?: string }): Promise<{ id: string; name: string; size?: string }> {
    const boundary = `dossier-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
    const metadata = JSON.stringify({ name: input.name, mimeType: input.mimeType, parents: input.parents, description: input.description });
    const body = new Blob([
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${metadata}\r\n--${boundary}\r\nContent-Type: ${input.mimeType}\r\n\r\n`,
      input.data,
      `\r\n--${boundary}--`,
    ]);
    const ctx: DriveErrorContext = { operation: 'upload', fileName: input.name };
    return this.run('upload', ctx, async () => {
      const res = await this.request(
        `${this.uploadBaseUrl}/files?uploadType=multipart&fields=id,name,size`,
        { method: 'POST', headers: { 'content-type': `multipart/related; boundary=${boundary}` }, body },
        ctx,
      );
      return (await res.json()) as { id: string; name: string; size?: string };
    });
  }

  /**
   * A resumable upload (Drive's `uploadType=resumable`, ADR 0198): one session, the content sent in
   * chunks of a multiple of 256 KiB, each acknowledged with 308 and the Range that arrived. When a
   * chunk fails (a dropped connection, a 5xx), the SPEC §9 upload retry asks the session what
   * arrived (`Content-Range: bytes *\/total`) and goes on from the last confirmed byte instead of
   * sending the file again; a session Drive no longer knows (404/410) starts over.
   */
  async uploadResumable(
    input: { name: string; mimeType: string; parents: string[]; data: Blob; description?: string },
    options: { chunkSize?: number; onProgress?: (confirmed: number, total: number) => void; signal?: AbortSignal } = {},
  ): Promise<{ id: string; name: string; size?: string }> {
    const ctx: DriveErrorContext = { operation: 'upload', fileName: input.name };
    const total = input.data.size;
    const chunkSize = Math.max(RESUMABLE_QUANTUM, Math.floor((options.chunkSize ?? RESUMABLE_CHUNK) / RESUMABLE_QUANTUM) * RESUMABLE_QUANTUM);
    let session: string | null = null;
    let confirmed = 0;
    let interrupted = false;
    const put = (range: string, body: Blob | null) =>
      this.request(session!, { method: 'PUT', headers: { 'content-range': range }, body, signal: options.signal }, ctx, { accept: [308, 404, 410] });
    /** The 308's Range ('bytes=0-N') is what Drive holds; none means nothing arrived yet. */
    const heldBytes = (res: Response) => {
      const m = /bytes=0-(\d+)/.exec(res.headers.get('range') ?? '');
      return m ? Number(m[1]) + 1 : 0;
    };
    return this.run('upload', ctx, async () => {
      if (session && interrupted) {
        // What arrived before the cut: Drive answers 308 + Range, or the file when all of it did.
        const res = await put(`bytes */${total}`, null);
        if (res.status === 404 || res.status === 410) session = null;
        else if (res.status === 308) confirmed = heldBytes(res);
        else return (await res.json()) as { id: string; name: string; size?: string };
      }
      if (!session) {
        confirmed = 0;
        const started = await this.request(
          `${this.uploadBaseUrl}/files?uploadType=resumable&fields=id,name,size`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json; charset=UTF-8', 'x-upload-content-type': input.mimeType, 'x-upload-content-length': String(total) },
            body: JSON.stringify({ name: input.name, mimeType: input.mimeType, parents: input.parents, description: input.description }),
            signal: options.signal,
          },
          ctx,
        );
        session = started.headers.get('location');
        if (!session) throw new DriveError('upload_failed', UPLOAD_SESSION_MESSAGES.missing, ctx, { reason: 'noUploadSession' });
      }
      interrupted = true;
      for (;;) {
        const end = Math.min(total, confirmed + chunkSize);
        const res = await put(total === 0 ? 'bytes */0' : `bytes ${confirmed}-${end - 1}/${total}`, total === 0 ? null : input.data.slice(confirmed, end));
        if (res.status === 404 || res.status === 410) {
          session = null;
          throw new DriveError('upload_failed', UPLOAD_SESSION_MESSAGES.expired, ctx, { status: res.status, reason: 'uploadSessionExpired' });
        }
        if (res.status !== 308) {
          interrupted = false;
          options.onProgress?.(total, total);
          return (await res.json()) as { id: string; name: string; size?: string };
        }
        confirmed = heldBytes(res);
        options.onProgress?.(confirmed, total);
      }
    }, options.signal);
  }

  async deleteFile(fileId: unknown): Promise<void> {
    if (typeof fileId !== 'string' || !fileId.trim()) throw new ValidationError(VALIDATION_MESSAGES.invalidDeleteId);
    await this.run('delete', { operation: 'delete', fileId }, () => this.request(`/files/${encodeURIComponent(fileId)}`, { method: 'DELETE' }, { operation: 'delete', fileId }));
  }

  async createFolder(name: string, parentId = 'root', description?: string): Promise<DriveFolder> {
    const ctx: DriveErrorContext = { operation: 'folderCreation', fileName: name, fileId: parentId, folder: true };
    const folder = await this.run('folderCreation', ctx, async () => {
      const res = await this.request(
        `/files?fields=${FOLDER_FIELDS}`,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, mimeType: FOLDER_MIME, parents: [parentId], description }) },
        ctx,
      );
      return toFolder(await res.json());
    });
    this.folderCache.delete(`folders:${parentId}`);
    return folder;
  }

  async rename(fileId: string, name: string): Promise<DriveFolder> {
    const ctx: DriveErrorContext = { operation: 'update', fileId, fileName: name };
    const out = await this.run('update', ctx, async () => {
      const res = await this.request(`/files/${encodeURIComponent(fileId)}?fields=${FOLDER_FIELDS}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) }, ctx);
      return toFolder(await res.json());
    });
    this.folderCache.clear();
    return out;
  }

  /** Everything directly in a folder (files and folders, not trashed), oldest first: what a merge moves. */
  async listChildren(parentId: string): Promise<Array<DriveFolder & { mimeType: string }>> {
    const out: Array<DriveFolder & { mimeType: string }> = [];
    let pageToken: string | undefined;
    do {
      const params = new URLSearchParams({
        q: `'${escapeQ(parentId)}' in parents and trashed = false`,
        fields: `nextPageToken,files(${FOLDER_FIELDS},mimeType)`,
        pageSize: '1000',
        orderBy: 'createdTime',
      });
      if (pageToken) params.set('pageToken', pageToken);
      const body = await this.json<{ files?: Array<Parameters<typeof toFolder>[0] & { mimeType: string }>; nextPageToken?: string }>('list', `/files?${params}`, { operation: 'list', fileId: parentId, folder: true });
      out.push(...(body.files ?? []).map((f) => ({ ...toFolder(f), mimeType: f.mimeType })));
      pageToken = body.nextPageToken;
    } while (pageToken);
    return out;
  }

  /** Moves a file or folder from one folder to another (files.update addParents/removeParents), renamed on the way when `name` is given. */
  async move(fileId: string, fromId: string, toId: string, name?: string): Promise<DriveFolder> {
    const ctx: DriveErrorContext = { operation: 'update', fileId, fileName: name };
    const params = new URLSearchParams({ addParents: toId, removeParents: fromId, fields: FOLDER_FIELDS });
    const out = await this.run('update', ctx, async () => {
      const res = await this.request(`/files/${encodeURIComponent(fileId)}?${params}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(name ? { name } : {}) }, ctx);
      return toFolder(await res.json());
    });
    this.folderCache.clear();
    return out;
  }

  /** Moves a file or folder to the person's trash (restorable for 30 days); never a deletion. */
  async trash(fileId: string): Promise<void> {
    const ctx: DriveErrorContext = { operation: 'update', fileId };
    await this.run('update', ctx, () => this.request(`/files/${encodeURIComponent(fileId)}?fields=id`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ trashed: true }) }, ctx));
    this.folderCache.clear();
  }

  /** Every file below a folder, recursively (for "import this folder": the count comes first). */
  async listTree(folderId: string, filter: DriveFileFilter = 'all', path: string[] = [], depthLeft = 8): Promise<Array<DriveFile & { path: string[] }>> {
    const out: Array<DriveFile & { path: string[] }> = [];
    let pageToken: string | undefined;
    do {
      const page = await this.listFiles({ parentId: folderId, filter, pageToken, pageSize: 1000 });
      out.push(...page.files.map((f) => ({ ...f, path })));
      pageToken = page.nextPageToken;
    } while (pageToken);
    if (depthLeft > 0) {
      for (const sub of await this.listFolders(folderId)) out.push(...(await this.listTree(sub.id, filter, [...path, sub.name], depthLeft - 1)));
    }
    return out;
  }

  clearFolderCache(): void {
    this.folderCache.clear();
  }

  // ---- plumbing ----

  private requireId(id: unknown, message: string): asserts id is string {
    if (typeof id !== 'string' || !id) throw new ValidationError(message);
  }

  private async cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.folderCache.get(key);
    if (hit && this.now() - hit.at < DRIVE_LIMITS.folderCacheTtlMs) return hit.value as T;
    const value = await load();
    this.folderCache.set(key, { at: this.now(), value });
    return value;
  }

  private async json<T>(op: Operation, path: string, ctx: DriveErrorContext, opts: { retry?: boolean } = {}): Promise<T> {
    const call = async () => (await this.request(path, {}, ctx)).json() as Promise<T>;
    if (opts.retry === false) return this.guard(op, ctx, call);
    return this.run(op, ctx, call);
  }

  /** Retries per SPEC §9 around the operation's circuit breaker; errors are logged once, at the end. */
  private async run<T>(op: Operation, ctx: DriveErrorContext, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    try {
      return await withRetry(() => circuitFor(`drive.${op}`).execute(task), POLICIES[op], { signal, random: this.options.random });
    } catch (error) {
      throw this.settle(error, ctx);
    }
  }

  private async guard<T>(op: Operation, ctx: DriveErrorContext, task: () => Promise<T>): Promise<T> {
    try {
      return await circuitFor(`drive.${op}`).execute(task);
    } catch (error) {
      throw this.settle(error, ctx);
    }
  }

  private settle(error: unknown, ctx: DriveErrorContext): unknown {
    if (error instanceof ValidationError) return error;
    let drive: DriveError;
    if (error instanceof CircuitOpenError) drive = new DriveError('api_error', DRIVE_CONNECTION_MESSAGES.circuitOpen, ctx, { reason: 'circuitOpen' });
    else if ((error as Error | null)?.name === 'EmptyFileError') drive = new DriveError('download_failed', DRIVE_CONNECTION_MESSAGES.emptyFile, ctx, { reason: 'emptyFile' });
    else if ((error as Error | null)?.name === 'AbortError' && !(error instanceof DriveError)) return error;
    else drive = driveErrorFromFailure(error, ctx);
    // SPEC §8: a missing folder or a refusal may mean the cached tree is stale.
    if (drive.driveErrorType === 'folder_not_found' || drive.driveErrorType === 'permission_denied') this.folderCache.clear();
    this.options.onError?.(drive.toRecord());
    return drive;
  }

  /** One HTTP call with the bearer token; a 401 refreshes once and repeats the call. */
  private async request(pathOrUrl: string, init: RequestInit, ctx: DriveErrorContext, opts: { accept?: number[] } = {}): Promise<Response> {
    const token = await this.options.getAccessToken();
    if (!token) throw new DriveError('authentication_failed', VALIDATION_MESSAGES.notAuthenticatedWithDrive(DRIVE_CONNECTION_MESSAGES.provider), ctx, { status: undefined });
    let url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.options.apiBaseUrl}${pathOrUrl}`;
    if (this.options.apiKey) url += `${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(this.options.apiKey)}`;
    const send = async (bearer: string) => {
      try {
        return await this.fetchImpl(url, { ...init, headers: { ...(init.headers as Record<string, string> | undefined), authorization: `Bearer ${bearer}` } });
      } catch (error) {
        if ((error as Error | null)?.name === 'AbortError' && init.signal?.aborted) throw error;
        throw driveErrorFromFailure(error, ctx);
      }
    };
    let res = await send(token);
    if (res.status === 401 && this.options.refreshAccessToken) {
      const fresh = await this.options.refreshAccessToken().catch(() => null);
      if (fresh) res = await send(fresh);
    }
    if (!res.ok && !opts.accept?.includes(res.status)) throw await driveErrorFromResponse(res, ctx);
    return res;
  }
}
