// whoami: answers who the caller is. The gateway has already checked the JWT's signature; asking
// the auth service (through supabase-js, as Supabase's own examples do) also proves the session
// is still alive.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, withCors } from '../_shared/cors.ts';
import { env } from '../_shared/env.ts';

Deno.serve(withCors(async (req: Request) => {
  const authorization = req.headers.get('Authorization') ?? '';
  const supabase = createClient(env('SUPABASE_URL') ?? '', env('SUPABASE_ANON_KEY') ?? '', {
    global: { headers: { Authorization: authorization } },
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await supabase.auth.getUser();
  if (error || !data.user) return json({ error: 'not_signed_in', details: error?.message ?? 'no user' }, 401);
  return json({ user_id: data.user.id, email: data.user.email ?? null, role: data.user.role ?? 'authenticated' });
}));
