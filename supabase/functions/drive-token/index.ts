// drive-token: the Google Drive grant of the signed-in person, kept on the server (ADR 0130).
// POST {action:'exchange', code, redirect_uri} → exchanges Google's authorization code (the client
//   secret never reaches the browser), stores the refresh token in public.drive_grants (no browser
//   role can read that table) and answers {access_token, expires_in, scope, grant}.
// POST {action:'refresh'} → a fresh access token from the stored refresh token:
//   {access_token, expires_in, scope, grant}; 200 {connected:false} when there is none (not being
//   connected is an answer, not an error: no page logs a 404 before Drive is connected); a grant
//   Google refuses (expired, revoked) is forgotten and answered 401 {error:'invalid_grant'}, which
//   the app turns into a new consent flow.
// POST {action:'revoke'} → revokes the grant at Google and forgets it: {revoked: true}.
// `grant` is the row's id: an opaque handle, useless without the person's own session.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, withCors } from '../_shared/cors.ts';
import { env } from '../_shared/env.ts';

/** SPEC §9: default token lifetime when Google does not say. */
const DEFAULT_LIFETIME_SECONDS = 3600;

const tokenUrl = () => env('GOOGLE_TOKEN_URL') ?? 'https://oauth2.googleapis.com/token';
/** Google's revoke endpoint sits next to its token endpoint (the emulator's too). */
const revokeUrl = () => tokenUrl().replace(/\/(oauth2\/v4\/)?token$/, '/revoke');

interface GoogleTokenAnswer {
  access_token?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  error?: string;
  error_description?: string;
}

async function google(params: Record<string, string>): Promise<{ status: number; body: GoogleTokenAnswer } | { status: 0; body: { error: string; error_description: string } }> {
  try {
    const res = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, client_id: env('GOOGLE_CLIENT_ID') ?? '', client_secret: env('GOOGLE_CLIENT_SECRET') ?? '' }),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as GoogleTokenAnswer };
  } catch (e) {
    return { status: 0, body: { error: 'network_error', error_description: (e as Error).message } };
  }
}

function tokenAnswer(body: GoogleTokenAnswer, grant: string, scope: string) {
  return json({
    access_token: body.access_token,
    expires_in: typeof body.expires_in === 'number' ? body.expires_in : DEFAULT_LIFETIME_SECONDS,
    scope: body.scope ?? scope,
    grant,
  });
}

/** Google's refusal passed on: 4xx stays a 400 (bad code, mismatch), anything else is 502. */
function googleFailure(status: number, body: GoogleTokenAnswer) {
  return json({ error: body.error ?? 'token_exchange_failed', details: body.error_description ?? '' }, status >= 400 && status < 500 ? 400 : 502);
}

Deno.serve(withCors(async (req: Request) => {
  if (req.method !== 'POST') return json({ error: 'method_not_allowed' }, 405);
  if (!env('GOOGLE_CLIENT_ID') || !env('GOOGLE_CLIENT_SECRET')) {
    return json({ error: 'server_misconfigured', details: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are required' }, 500);
  }
  let input: Record<string, unknown>;
  try {
    input = (await req.json()) as Record<string, unknown>;
  } catch {
    return json({ error: 'invalid_request', details: 'Body must be JSON' }, 400);
  }

  // Who is asking: the gateway checked the JWT; the auth service proves the session is alive.
  const url = env('SUPABASE_URL') ?? '';
  const asCaller = createClient(url, env('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data: who, error: whoError } = await asCaller.auth.getUser();
  if (whoError || !who.user) return json({ error: 'not_signed_in' }, 401);
  const userId = who.user.id;
  const admin = createClient(url, env('SUPABASE_SERVICE_ROLE_KEY') ?? '', { auth: { persistSession: false, autoRefreshToken: false } });
  const grants = () => admin.from('drive_grants');

  const stored = async () => {
    const { data, error } = await grants().select('id, refresh_token, scope').eq('user_id', userId).maybeSingle();
    if (error) throw error;
    return data as { id: string; refresh_token: string; scope: string } | null;
  };

  try {
    if (input.action === 'exchange') {
      if (typeof input.code !== 'string' || !input.code || typeof input.redirect_uri !== 'string' || !input.redirect_uri) {
        return json({ error: 'invalid_request', details: 'code and redirect_uri are required' }, 400);
      }
      const answer = await google({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirect_uri });
      if (answer.status !== 200 || typeof answer.body.access_token !== 'string') return googleFailure(answer.status, answer.body);
      const body = answer.body as GoogleTokenAnswer;
      const scope = body.scope ?? '';
      const previous = await stored();
      // Google sends a refresh token with every consent given with prompt=consent; should one be
      // missing, the grant already stored stays in use.
      const refreshToken = body.refresh_token ?? previous?.refresh_token;
      if (!refreshToken) return tokenAnswer(body, '', scope);
      const { data, error } = await grants()
        .upsert({ user_id: userId, refresh_token: refreshToken, scope, updated_at: new Date().toISOString() }, { onConflict: 'user_id' })
        .select('id')
        .single();
      if (error) throw error;
      // The refresh token this one replaces is not revoked: at Google that would end the whole
      // grant, the new tokens included. Google retires surplus refresh tokens by itself.
      return tokenAnswer(body, (data as { id: string }).id, scope);
    }

    if (input.action === 'refresh') {
      const grant = await stored();
      if (!grant) return json({ connected: false });
      const answer = await google({ grant_type: 'refresh_token', refresh_token: grant.refresh_token });
      if (answer.status === 200 && typeof answer.body.access_token === 'string') return tokenAnswer(answer.body as GoogleTokenAnswer, grant.id, grant.scope);
      if (answer.body.error === 'invalid_grant') {
        // Expired or revoked at Google: the person must consent again.
        await grants().delete().eq('id', grant.id);
        return json({ error: 'invalid_grant', details: answer.body.error_description ?? '' }, 401);
      }
      return googleFailure(answer.status, answer.body);
    }

    if (input.action === 'revoke') {
      const grant = await stored();
      if (grant) {
        await fetch(revokeUrl(), { method: 'POST', body: new URLSearchParams({ token: grant.refresh_token }) }).catch(() => undefined);
        await grants().delete().eq('id', grant.id);
      }
      return json({ revoked: Boolean(grant) });
    }
  } catch {
    return json({ error: 'server_error' }, 500);
  }
  return json({ error: 'invalid_request', details: "action must be 'exchange', 'refresh' or 'revoke'" }, 400);
}));
