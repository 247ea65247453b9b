import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** An error in Supabase Storage's shape: `{statusCode: '<status>', error, message}`. */
export class StorageApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly error: string,
    message: string,
    /** Storage's newer machine code (NoSuchKey, InvalidKey, …). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'StorageApiError';
  }
}

export const objectNotFound = () => new StorageApiError(404, 'not_found', 'Object not found', 'NoSuchKey');
export const bucketNotFound = () => new StorageApiError(404, 'Bucket not found', 'Bucket not found', 'NoSuchBucket');
export const rlsViolation = () => new StorageApiError(403, 'Unauthorized', 'new row violates row-level security policy', 'AccessDenied');
export const duplicate = () => new StorageApiError(409, 'Duplicate', 'The resource already exists', 'Duplicate');
export const invalidKey = (key: string) => new StorageApiError(400, 'InvalidKey', `Invalid key: ${key}`, 'InvalidKey');
export const invalidJwt = (message: string) => new StorageApiError(400, 'InvalidJWT', message, 'InvalidJWT');
export const payloadTooLarge = () => new StorageApiError(413, 'Payload too large', 'The object exceeded the maximum allowed size', 'EntityTooLarge');
export const invalidMime = (type: string) => new StorageApiError(415, 'invalid_mime_type', `mime type ${type} is not supported`, 'InvalidMimeType');
export const invalidRequest = (message: string) => new StorageApiError(400, 'Invalid Input', message, 'InvalidRequest');

/** Database errors that decide storage access become Storage's answers (42501 = RLS said no). */
export function fromDatabaseError(e: unknown): StorageApiError | null {
  const code = (e as { code?: string })?.code;
  if (code === '42501') return rlsViolation();
  if (code === '23505') return duplicate();
  // RAISE EXCEPTION in a trigger (plan limits): the database's own message is the answer.
  if (code === 'P0001') return new StorageApiError(400, 'DatabaseError', (e as Error).message, 'DatabaseError');
  return null;
}

export function storageErrorBody(e: StorageApiError): Record<string, string> {
  const body: Record<string, string> = { statusCode: String(e.status), error: e.error, message: e.message };
  if (e.code) body.code = e.code;
  return body;
}

export function storageErrorResponse(c: Context, e: StorageApiError): Response {
  return c.json(storageErrorBody(e), e.status);
}
