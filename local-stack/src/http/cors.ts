import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** Headers supabase-js (postgrest-js, auth-js, storage-js, functions-js) sends from a browser. */
export const CORS_ALLOWED_HEADERS = [
  'authorization',
  'apikey',
  'content-type',
  'x-client-info',
  'prefer',
  'range',
  'range-unit',
  'accept-profile',
  'content-profile',
  'x-upsert',
  'cache-control',
  'x-supabase-api-version',
  'x-retry-count',
  'accept',
  // TUS resumable uploads (/storage/v1/upload/resumable)
  'tus-resumable',
  'upload-length',
  'upload-offset',
  'upload-metadata',
  'upload-defer-length',
  'upload-concat',
  'x-signature',
];

/** Response headers the client must be able to read (counts, API version, profiles). */
export const CORS_EXPOSED_HEADERS = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Content-Profile',
  'Preference-Applied',
  'Range-Unit',
  'Location',
  'Retry-After',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Extension',
  'Tus-Max-Size',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Expires',
];

export function stackCors(origins: string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  const handler = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
  // An OPTIONS that is not a preflight is a request of its own (TUS asks the server what it speaks).
  return (c, next) => (c.req.method === 'OPTIONS' && !c.req.header('access-control-request-method') && c.req.path.includes('/upload/resumable') ? next() : handler(c, next));
}
