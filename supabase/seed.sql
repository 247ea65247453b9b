-- Applied once, when the local stack creates a fresh database (like `supabase db reset`).
-- No users are seeded: sign up through the app or the auth API. The master category list is
-- part of the migrations, so hosted projects get it too.
select 1;
