import type { Context, Hono } from 'hono';
import sharp from 'sharp';
import { objectKey } from './backend.js';
import { storageCaller } from './caller.js';
import { objectNotFound, StorageApiError } from './errors.js';
import { pathSegments, validateKey } from './keys.js';
import { findObject, getBucket, type ObjectRow, type StorageDeps } from './objects.js';
import { SIGN_ROLE, signedPathMatches, signedTokenClaims } from './signed-paths.js';

/**
 * Supabase Storage's image transformation API (`/render/image/{authenticated|public|sign}/…`),
 * served with sharp instead of imgproxy (docs/decisions/0120-thumbnails-through-storage-render.md).
 * The same options and limits as the hosted service: width/height 1–2500, resize cover (default),
 * contain or fill, quality 20–100 (default 80), format `origin` or (by default) WebP when the
 * browser accepts it; sources up to 25 MB and 50 megapixels. Access is the object's: the caller's
 * RLS decides (`authenticated`), the bucket must be public (`public`), or a signed token names the
 * object and its transformation (`sign`).
 */

export interface Transform {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
  format?: 'origin' | 'webp' | 'avif' | 'png' | 'jpeg';
}

export const RENDER_MAX_SOURCE_BYTES = 25 * 1024 * 1024;
export const RENDER_MAX_PIXELS = 50_000_000;
const RENDER_TIMEOUT_SECONDS = 10;
const MAX_DIMENSION = 2500;
const FORMATS = ['origin', 'webp', 'avif', 'png', 'jpeg'] as const;

const invalidTransform = (message: string) => new StorageApiError(400, 'InvalidRequest', message, 'InvalidRequest');

function intParam(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw invalidTransform(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** The transformation a request (or a signed token's `transformations`) asks for. */
export function parseTransform(get: (name: string) => string | undefined): Transform {
  const resize = get('resize') || 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') throw invalidTransform('resize must be one of cover, contain, fill');
  const format = get('format') || undefined;
  if (format !== undefined && !(FORMATS as readonly string[]).includes(format)) throw invalidTransform(`format must be one of ${FORMATS.join(', ')}`);
  return {
    width: intParam('width', get('width'), 1, MAX_DIMENSION),
    height: intParam('height', get('height'), 1, MAX_DIMENSION),
    resize,
    quality: intParam('quality', get('quality'), 20, 100) ?? 80,
    format: format as Transform['format'],
  };
}

const RESIZING_TYPES = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/**
 * The transformation as Storage reports it in `x-transformations`: imgproxy's option names, in
 * imgproxy's order (`height:200,width:200,resizing_type:fill,quality:60`). Quality 80 is the
 * default and, as on Storage when none is asked for, is not listed.
 */
export function imgproxyOptions(t: Transform): string {
  const out: string[] = [];
  if (t.height) out.push(`height:${t.height}`);
  if (t.width) out.push(`width:${t.width}`);
  if (t.width || t.height) out.push(`resizing_type:${RESIZING_TYPES[t.resize]}`);
  if (t.quality !== 80) out.push(`quality:${t.quality}`);
  if (t.format && t.format !== 'origin') out.push(`format:${t.format}`);
  return out.join(',');
}

/** Storage's wire form in a signed token: `width:200,height:200,resize:cover`. */
export function transformToString(t: Record<string, unknown>): string {
  return ['width', 'height', 'resize', 'quality', 'format']
    .filter((k) => t[k] !== undefined && t[k] !== null && t[k] !== '')
    .map((k) => `${k}:${String(t[k])}`)
    .join(',');
}

export function transformFromString(s: string): Transform {
  const map = new Map<string, string>();
  for (const part of s.split(',')) {
    const i = part.indexOf(':');
    if (i > 0) map.set(part.slice(0, i), part.slice(i + 1));
  }
  return parseTransform((k) => map.get(k));
}

/** Transformed images, by object version and transformation: a version's bytes never change. */
class RenderCache {
  private readonly entries = new Map<string, { bytes: Buffer; type: string }>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}
  get(key: string) {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
    }
    return hit;
  }
  set(key: string, value: { bytes: Buffer; type: string }) {
    if (value.bytes.byteLength > this.maxBytes / 4) return;
    this.entries.set(key, value);
    this.bytes += value.bytes.byteLength;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.bytes.byteLength;
    }
  }
}

async function readAll(stream: ReadableStream<Uint8Array>, limit: number): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > limit) {
      await stream.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const tooLarge = () =>
  new StorageApiError(413, 'Payload too large', `Images larger than ${RENDER_MAX_SOURCE_BYTES / 1024 / 1024} MB cannot be transformed`, 'EntityTooLarge');

const OUTPUT_TYPES: Record<string, string> = { webp: 'image/webp', avif: 'image/avif', png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };

/** The output format: `origin` keeps the source's; otherwise WebP (or AVIF) when the client accepts it. */
function outputFormat(t: Transform, sourceFormat: string | undefined, accept: string): keyof typeof OUTPUT_TYPES {
  const origin = sourceFormat === 'jpg' ? 'jpeg' : sourceFormat;
  if (t.format && t.format !== 'origin') return t.format;
  if (t.format !== 'origin' && /image\/webp/i.test(accept)) return 'webp';
  return origin && origin in OUTPUT_TYPES ? (origin as keyof typeof OUTPUT_TYPES) : 'jpeg';
}

export async function transformImage(source: Buffer, t: Transform, accept: string): Promise<{ bytes: Buffer; type: string }> {
  try {
    const image = sharp(source, { limitInputPixels: RENDER_MAX_PIXELS, failOn: 'error' }).timeout({ seconds: RENDER_TIMEOUT_SECONDS });
    const meta = await image.metadata();
    const format = outputFormat(t, meta.format, accept);
    // EXIF orientation first, then the box: contain fits inside it (no padding), as imgproxy's fit.
    let pipeline = image.rotate();
    if (t.width || t.height) {
      pipeline = pipeline.resize({
        width: t.width,
        height: t.height,
        fit: t.resize === 'contain' ? 'inside' : t.resize,
        withoutEnlargement: true,
      });
    }
    pipeline = format === 'png' ? pipeline.png() : format === 'gif' ? pipeline.gif() : pipeline.toFormat(format as 'webp' | 'avif' | 'jpeg', { quality: t.quality });
    return { bytes: await pipeline.toBuffer(), type: OUTPUT_TYPES[format] };
  } catch (e) {
    const message = (e as Error).message;
    if (/pixel limit/i.test(message)) {
      throw new StorageApiError(422, 'Unprocessable Entity', `Images larger than ${RENDER_MAX_PIXELS / 1_000_000} megapixels cannot be transformed`, 'InvalidImage');
    }
    if (/timeout/i.test(message)) throw new StorageApiError(504, 'Timeout', 'The image took too long to transform', 'Timeout');
    throw new StorageApiError(422, 'Unprocessable Entity', `The object is not an image that can be transformed (${message})`, 'InvalidImage');
  }
}

export function registerRenderRoutes(app: Hono, deps: StorageDeps): void {
  const { ctx } = deps;
  const cache = new RenderCache(64 * 1024 * 1024);

  async function render(c: Context, row: ObjectRow, t: Transform): Promise<Response> {
    const meta = row.metadata ?? {};
    if (Number(meta.size ?? 0) > RENDER_MAX_SOURCE_BYTES) throw tooLarge();
    if (!row.version) throw objectNotFound();
    const accept = c.req.header('accept') ?? '';
    const key = `${row.bucket_id}/${row.name}/${row.version}|${transformToString({ ...t })}|${/image\/webp/i.test(accept) ? 'webp' : '-'}`;
    let out = cache.get(key);
    if (!out) {
      const stream = await deps.backend.get(objectKey(row.bucket_id, row.name, row.version));
      if (!stream) throw objectNotFound();
      out = await transformImage(await readAll(stream, RENDER_MAX_SOURCE_BYTES), t, accept);
      cache.set(key, out);
    }
    const headers = new Headers({
      'content-type': out.type,
      'content-length': String(out.bytes.byteLength),
      'cache-control': typeof meta.cacheControl === 'string' && /^[\x20-\x7e]*$/.test(meta.cacheControl) ? meta.cacheControl : 'max-age=3600',
      'last-modified': new Date(String(meta.lastModified ?? row.updated_at)).toUTCString(),
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
      'x-transformations': imgproxyOptions(t),
    });
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(new Uint8Array(out.bytes), { status: 200, headers });
  }

  const query = (c: Context) => (name: string) => c.req.query(name);

  app.on(['GET', 'HEAD'], '/render/image/sign/*', async (c) => {
    const claims = await signedTokenClaims(ctx, c.req.query('token'));
    const [bucketId, ...rest] = pathSegments(c.req.url).slice(3);
    const url = String(claims.url ?? '');
    // The token names the object and its transformation; the request's own options do not count.
    if (claims.role !== SIGN_ROLE || typeof claims.transformations !== 'string' || !url.startsWith(`${bucketId}/`) || !signedPathMatches(url, bucketId, rest.join('/'))) {
      throw new StorageApiError(400, 'InvalidSignature', 'The url do not match the signature', 'InvalidSignature');
    }
    await getBucket(deps, bucketId);
    const row = await findObject(deps, null, bucketId, validateKey(url.slice(bucketId.length + 1)));
    return render(c, row, transformFromString(claims.transformations));
  });

  app.on(['GET', 'HEAD'], '/render/image/public/*', async (c) => {
    const [bucketId, ...rest] = pathSegments(c.req.url).slice(3);
    const bucket = await getBucket(deps, bucketId ?? '');
    if (!bucket.public) throw objectNotFound();
    const t = parseTransform(query(c));
    return render(c, await findObject(deps, null, bucket.id, validateKey(rest.join('/'))), t);
  });

  app.on(['GET', 'HEAD'], '/render/image/authenticated/*', async (c) => {
    const [bucketId, ...rest] = pathSegments(c.req.url).slice(3);
    const caller = await storageCaller(ctx, c);
    await getBucket(deps, bucketId ?? '');
    const t = parseTransform(query(c));
    return render(c, await findObject(deps, caller.auth, bucketId, validateKey(rest.join('/'))), t);
  });
}
