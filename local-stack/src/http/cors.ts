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
];

export function stackCors(origins: string[]) {
  const allowed = new Set(origins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    credentials: true,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowHeaders: CORS_ALLOWED_HEADERS,
    exposeHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
  });
}
