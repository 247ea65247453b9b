import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { parseJsonObject } from './objects.js';

/** What a resumable upload was created with; kept beside its bytes so a restart loses nothing. */
export interface TusUploadInfo {
  /** A random UUID: the object's version once stored, and the name of the upload's files. */
  version: string;
  bucket: string;
  objectName: string;
  /** Upload-Length: the whole file, in bytes. */
  length: number;
  /** The JWT's sub of the creator (null for anon or service_role). */
  owner: string | null;
  /** The creator's database role. */
  role: string;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
  upsert: boolean;
  createdAt: number;
  expiresAt: number;
}

/**
 * Upload-Metadata keys the server (never the client: onUploadCreate overwrites them) sets on a new
 * upload so that `create` can keep who created it; they are never answered back in a HEAD.
 */
export const CREATOR_KEYS = { owner: 'x-dossier-owner', role: 'x-dossier-role', upsert: 'x-dossier-upsert' } as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An upload's id as @tus/server names it: "<bucket>/<object name>/<version>" (Supabase's, without the tenant). */
export function uploadIdOf(info: Pick<TusUploadInfo, 'bucket' | 'objectName' | 'version'>): string {
  return `${info.bucket}/${info.objectName}/${info.version}`;
}

export function parseUploadId(id: string): { bucket: string; objectName: string; version: string } | null {
  const parts = id.split('/');
  if (parts.length < 3) return null;
  const version = parts.pop()!;
  const [bucket, ...rest] = parts;
  return UUID.test(version) && bucket ? { bucket, objectName: rest.join('/'), version } : null;
}

interface Settling {
  done: Promise<void>;
  settle: () => void;
}

/**
 * @tus/server's DataStore for the stack: partial uploads on disk, `<dir>/<version>.json` (the info)
 * and `<dir>/<version>.bin` (the bytes received so far; the layout backups copy). The offset is the
 * size of the .bin file, synced after each request that leaves the upload partial, so what a HEAD
 * answers is what the server really holds — also after a crash or restart. A request that
 * completes the upload is not synced here: the object is stored at once, durably (the local
 * backend adopts the file, ADR 0235), and acknowledged only then. In S3 mode the bytes wait here
 * too and go to the bucket in one put when complete.
 */
export class TusStore extends DataStore {
  /** MD5 of an upload that arrived whole in one request, hashed on the way (its ETag; ADR 0235). */
  private readonly hashes = new Map<string, string>();
  /**
   * Uploads completed by their creation request and stored: @tus/server reads the upload once more
   * after onUploadFinish to decide on Upload-Expires, and finds it complete (answered once).
   */
  private readonly stored = new Map<string, number>();
  /** Complete uploads whose object is being stored: readers wait, so none sees a complete upload without its object. */
  private readonly settling = new Map<string, Settling>();

  constructor(
    readonly dir: string,
    private readonly expiryMs: number,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination', 'expiration'];
  }

  private file(version: string, ext: 'json' | 'bin'): string {
    if (!UUID.test(version)) throw new Error(`not an upload version: ${version}`);
    return path.join(this.dir, `${version}.${ext}`);
  }

  /** Resolves once a complete upload's object is stored or refused (at once for any other). */
  async settled(id: string): Promise<void> {
    await this.settling.get(id)?.done;
  }

  /** The upload's info, or null when there is none under that id (also for a malformed id). */
  async info(id: string): Promise<TusUploadInfo | null> {
    const parsed = parseUploadId(id);
    if (!parsed) return null;
    let info: TusUploadInfo;
    try {
      info = JSON.parse(await readFile(this.file(parsed.version, 'json'), 'utf8')) as TusUploadInfo;
    } catch {
      return null;
    }
    return info.bucket === parsed.bucket && info.objectName === parsed.objectName ? info : null;
  }

  override async create(upload: Upload): Promise<Upload> {
    const parsed = parseUploadId(upload.id);
    if (!parsed || upload.size === undefined) throw ERRORS.INVALID_LENGTH;
    const meta = upload.metadata ?? {};
    const createdAt = upload.creation_date ? Date.parse(upload.creation_date) : Date.now();
    const info: TusUploadInfo = {
      ...parsed,
      length: upload.size,
      owner: meta[CREATOR_KEYS.owner] ?? null,
      role: meta[CREATOR_KEYS.role] ?? 'anon',
      contentType: meta.contentType ?? 'application/octet-stream',
      cacheControl: meta.cacheControl ?? 'no-cache',
      userMetadata: meta.metadata ? parseJsonObject(meta.metadata) : null,
      upsert: meta[CREATOR_KEYS.upsert] === 'true',
      createdAt,
      expiresAt: createdAt + this.expiryMs,
    };
    await mkdir(this.dir, { recursive: true });
    const target = this.file(info.version, 'json');
    await writeFile(`${target}.tmp`, JSON.stringify(info));
    await rename(`${target}.tmp`, target);
    await writeFile(this.file(info.version, 'bin'), new Uint8Array());
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const storedSize = this.stored.get(id);
    if (storedSize !== undefined) {
      this.stored.delete(id);
      return new Upload({ id, size: storedSize, offset: storedSize });
    }
    await this.settled(id);
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    const metadata: Record<string, string | null> = { bucketName: info.bucket, objectName: info.objectName, contentType: info.contentType, cacheControl: info.cacheControl };
    if (info.userMetadata) metadata.metadata = JSON.stringify(info.userMetadata);
    return new Upload({
      id,
      size: info.length,
      offset: await this.offset(info.version),
      metadata,
      creation_date: new Date(info.createdAt).toISOString(),
      storage: { type: 'file', path: this.file(info.version, 'bin') },
    });
  }

  private async offset(version: string): Promise<number> {
    try {
      return (await stat(this.file(version, 'bin'))).size;
    } catch {
      return 0;
    }
  }

  /**
   * Writes the body at `offset` (@tus/server checked it is the upload's, under the upload's lock,
   * and limits the stream to what the upload has left). Everything received is kept — and synced
   * when the upload stays partial — also when the body breaks off (the error is rethrown): that is
   * the offset a HEAD answers.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const info = await this.info(id);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    const handle = await open(this.file(info.version, 'bin'), 'r+');
    const md5 = offset === 0 ? createHash('md5') : undefined;
    let written = 0;
    let failure: unknown = null;
    try {
      try {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          await handle.write(chunk, 0, chunk.byteLength, offset + written);
          md5?.update(chunk);
          written += chunk.byteLength;
        }
      } catch (e) {
        failure = e;
      }
      if (failure || offset + written < info.length) await handle.sync();
    } finally {
      await handle.close();
    }
    if (failure) throw failure;
    if (offset + written === info.length) {
      if (md5) this.hashes.set(id, md5.digest('hex'));
      let settle!: () => void;
      const done = new Promise<void>((r) => (settle = r));
      this.settling.set(id, { done, settle });
    }
    return offset + written;
  }

  /** The complete upload's MD5: hashed as it arrived when it came in one request, else read from disk. */
  async md5(id: string, version: string): Promise<string> {
    const known = this.hashes.get(id);
    if (known) return known;
    const hash = createHash('md5');
    for await (const chunk of createReadStream(this.file(version, 'bin'))) hash.update(chunk as Buffer);
    return hash.digest('hex');
  }

  /** Where the upload's bytes are (the backend may adopt the file once the upload is complete). */
  binPath(version: string): string {
    return this.file(version, 'bin');
  }

  async bytes(version: string): Promise<Uint8Array> {
    return readFile(this.file(version, 'bin'));
  }

  /** The creation request stored its upload as an object (see `stored`). */
  storedByCreation(id: string, size: number): void {
    this.stored.set(id, size);
  }

  /** Forgets the upload; a complete one's readers go on (they find it gone, its object stored or refused). */
  override async remove(id: string): Promise<void> {
    const parsed = parseUploadId(id);
    if (parsed) {
      await rm(this.file(parsed.version, 'json'), { force: true });
      await rm(this.file(parsed.version, 'bin'), { force: true });
    }
    this.hashes.delete(id);
    const settling = this.settling.get(id);
    this.settling.delete(id);
    settling?.settle();
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  /** Removes uploads whose expiry has passed (and stray files without info); returns how many. */
  override async deleteExpired(now = Date.now()): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const name of names) {
      const m = /^([0-9a-f-]{36})\.json$/.exec(name);
      if (!m || !UUID.test(m[1])) continue;
      let info: TusUploadInfo | null = null;
      try {
        info = JSON.parse(await readFile(path.join(this.dir, name), 'utf8')) as TusUploadInfo;
      } catch {
        // unreadable: removed below
      }
      if (!info || info.expiresAt <= now) {
        await rm(this.file(m[1], 'json'), { force: true });
        await rm(this.file(m[1], 'bin'), { force: true });
        removed += 1;
      }
    }
    for (const name of names) {
      const m = /^([0-9a-f-]{36})\.bin$/.exec(name);
      if (m && !names.includes(`${m[1]}.json`)) await rm(path.join(this.dir, name), { force: true });
    }
    return removed;
  }
}
