import type { Context } from 'hono';

/** A request body past its limit; each service answers 413 in its own error shape. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds the limit of ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/** JSON bodies the stack reads when a route has no limit of its own (2 MiB, as config's default). */
export const DEFAULT_JSON_LIMIT = 2 * 1024 * 1024;

/**
 * Reads a body as a stream and stops at `limit` bytes: a declared Content-Length over the limit is
 * refused before reading, a chunked body as soon as it passes it. Memory never exceeds the limit.
 */
export async function readBodyLimited(req: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLargeError(limit);
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a request body that must be a JSON object: `{}` for an empty body, `undefined` when it
 * is not a JSON object — each service then answers in its own error shape. At most `limit` bytes.
 */
export async function readJsonObject(c: Context, limit = DEFAULT_JSON_LIMIT): Promise<Record<string, unknown> | undefined> {
  const text = Buffer.from(await readBodyLimited(c.req.raw, limit)).toString('utf8');
  if (!text.trim()) return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not JSON: the caller reports it
  }
  return undefined;
}
