// CORS of every function (issue 25 §3, ADR 0312): a function answers the deployment's own app
// origins and no one else. APP_ORIGINS (comma-separated, exact origins) is the runtime config:
// on hosted Supabase a function secret (`supabase secrets set APP_ORIGINS=https://app.example`),
// on the local stack set from its CORS_ORIGINS. Unset, no origin gets a grant (fail closed): a
// vault's functions are not an API for other sites' pages. Servers (Stripe, calendar apps, the
// scheduler) send no Origin and are unaffected.

import { env } from './env.ts';

const ALLOW = {
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Max-Age': '600',
};

export function appOrigins(): string[] {
  return (env('APP_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
}

/** The CORS headers for this request: a grant only for an app origin; `Vary: Origin` always (caches). */
export function corsHeadersFor(req: Request): Record<string, string> {
  const origin = req.headers.get('Origin');
  if (origin && appOrigins().includes(origin)) return { ...ALLOW, 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
  return { Vary: 'Origin' };
}

type Handler = (req: Request) => Response | Promise<Response>;

/**
 * Wraps a function's handler: answers the preflight, and puts this request's CORS headers on
 * whatever the handler returns (replacing any the handler set), so no function can forget.
 */
export function withCors(handler: Handler): (req: Request) => Promise<Response> {
  return async (req) => {
    const cors = corsHeadersFor(req);
    if (req.method === 'OPTIONS') return new Response('ok', { headers: cors });
    const res = await handler(req);
    const headers = new Headers(res.headers);
    for (const name of ['Access-Control-Allow-Origin', 'Access-Control-Allow-Headers', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Credentials']) headers.delete(name);
    for (const [name, value] of Object.entries(cors)) headers.set(name, value);
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
