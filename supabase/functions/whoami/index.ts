// whoami: answers who the caller is, from their verified access token. The gateway has already
// checked the JWT's signature; asking the auth service also proves the session is still alive.
const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  const authorization = req.headers.get('Authorization') ?? '';
  const res = await fetch(`${Deno.env.get('SUPABASE_URL')}/auth/v1/user`, {
    headers: { Authorization: authorization, apikey: Deno.env.get('SUPABASE_ANON_KEY') ?? '' },
  });
  if (!res.ok) {
    const details = await res.json().catch(() => ({}));
    return json({ error: 'not_signed_in', details }, 401);
  }
  const user = (await res.json()) as { id: string; email?: string; role?: string };
  return json({ user_id: user.id, email: user.email ?? null, role: user.role ?? 'authenticated' });
});

// A module, not a script: its names stay its own.
export {};
