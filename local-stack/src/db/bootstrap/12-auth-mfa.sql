-- GoTrue's MFA tables (auth.mfa_factors, auth.mfa_challenges) with hosted Supabase's names and
-- columns, so SQL written for a hosted project (RLS reading auth.mfa_factors, the account-deletion
-- function's second-factor check) runs unchanged here. Status and type are text with checks where
-- GoTrue uses enums: every comparison against a literal behaves the same. Idempotent.
create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'webauthn', 'phone')),
  status text not null check (status in ('unverified', 'verified')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  secret text,
  phone text,
  last_challenged_at timestamptz,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);
create unique index if not exists mfa_factors_user_friendly_name_unique on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null,
  verified_at timestamptz,
  ip_address inet,
  otp_code text,
  web_authn_session_data jsonb
);
create index if not exists mfa_challenge_created_at_idx on auth.mfa_challenges (created_at desc);

-- On hosted Supabase `authenticated` may read its own factors (RLS policies commonly do); the
-- secret column stays with GoTrue.
revoke all on auth.mfa_factors, auth.mfa_challenges from anon, authenticated;
