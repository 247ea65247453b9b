-- PostgREST 12's aggregate functions in `select` (count(), sum(), avg(), min(), max()) are off by
-- default (db-aggregates-enabled). Dossier turns them on the way Supabase documents it, in the
-- database, so hosted Supabase and the local stack (which reads the same setting) agree.
-- Every request still runs under its role's statement timeout (ADR 0055), which bounds the cost
-- an aggregate over a large table can have. See docs/decisions/0150-postgrest-embedding-and-aggregates.md.
do $$
begin
  execute format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = %L', current_database(), 'true');
end
$$;

notify pgrst, 'reload config';
