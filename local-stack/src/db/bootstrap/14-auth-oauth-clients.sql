-- GoTrue's OAuth 2.1 server clients (auth.oauth_clients), managed through the admin API
-- (/auth/v1/admin/oauth/clients). Only a hash of each client secret is kept; the secret is shown
-- once, on registration or regeneration. GoTrue's own table: RLS on with no policy and no grants,
-- so neither `anon` nor `authenticated` reads it. Idempotent.
create table if not exists auth.oauth_clients (
  id uuid not null primary key,
  client_secret_hash text,
  registration_type text not null default 'manual' check (registration_type in ('manual', 'dynamic')),
  client_type text not null default 'confidential' check (client_type in ('public', 'confidential')),
  token_endpoint_auth_method text not null default 'client_secret_basic',
  client_name text check (char_length(client_name) <= 1024),
  client_uri text check (char_length(client_uri) <= 2048),
  logo_uri text check (char_length(logo_uri) <= 2048),
  redirect_uris text not null,
  grant_types text not null,
  scope text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
alter table auth.oauth_clients enable row level security;
revoke all on auth.oauth_clients from public, anon, authenticated;
