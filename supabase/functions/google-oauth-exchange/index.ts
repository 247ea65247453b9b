// google-oauth-exchange (SPEC §7): the browser sends the authorization code Google gave it; this
// function adds the client secret (which must never reach the browser) and exchanges the code at
// Google's token endpoint. Answers {access_token, expires_in, refresh_token} or {error, details}.
import { json, withCors } from '../_shared/cors.ts';

// Locally the stack points GOOGLE_TOKEN_URL at its Google emulator and provides demo credentials.
const TOKEN_URL = () => Deno.env.get('GOOGLE_TOKEN_URL') ?? 'https://oauth2.googleapis.com/token';

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed', details: 'Use POST' }, 405);

  let input: { code?: unknown; redirect_uri?: unknown };
  try {
    input = await req.json();
  } catch {
    return json({ error: 'invalid_request', details: 'Body must be JSON: {code, redirect_uri}' }, 400);
  }
  if (typeof input.code !== 'string' || !input.code || typeof input.redirect_uri !== 'string' || !input.redirect_uri) {
    return json({ error: 'invalid_request', details: 'code and redirect_uri are required' }, 400);
  }
  const clientId = Deno.env.get('GOOGLE_CLIENT_ID');
  const clientSecret = Deno.env.get('GOOGLE_CLIENT_SECRET');
  if (!clientId || !clientSecret) return json({ error: 'server_misconfigured', details: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required' }, 500);

  let res: Response;
  try {
    res = await fetch(TOKEN_URL(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: input.code,
        redirect_uri: input.redirect_uri,
        client_id: clientId,
        client_secret: clientSecret,
      }),
    });
  } catch (e) {
    return json({ error: 'network_error', details: (e as Error).message }, 502);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof body.access_token !== 'string') {
    // Google's own error (invalid_grant, …) is passed on so the app can classify it.
    const status = res.status >= 400 && res.status < 500 ? 400 : 502;
    return json({ error: typeof body.error === 'string' ? body.error : 'token_exchange_failed', details: body.error_description ?? body }, status);
  }
  return json({
    access_token: body.access_token,
    expires_in: typeof body.expires_in === 'number' ? body.expires_in : 3600,
    refresh_token: typeof body.refresh_token === 'string' ? body.refresh_token : null,
  });
}));
