-- Token and recovery-code hashes use PostgreSQL's built-in sha256() (core since PostgreSQL 11)
-- instead of pgcrypto's digest(). Same bytes out, so every stored hash stays valid.
--
-- Why: on the embedded database (PGlite) pgcrypto carries its own WASM build of OpenSSL, and
-- digest(…, 'sha256') failed now and then with `Cannot use "sha256": Cipher cannot be
-- initialized` — a share link or a recovery code refused for no reason of the person's. The
-- core function needs no OpenSSL at all there, and is the same function on hosted Supabase.

create or replace function public.share_token_hash(token text) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(token, 'UTF8')), 'hex');
$$;
revoke all on function public.share_token_hash(text) from public, anon, authenticated;

create or replace function jobs.recovery_code_hash(uid uuid, code text) returns text
language sql
immutable
set search_path = ''
as $$
  select encode(pg_catalog.sha256(convert_to(uid::text || ':' || upper(regexp_replace(code, '[^0-9A-Za-z]', '', 'g')), 'UTF8')), 'hex');
$$;
