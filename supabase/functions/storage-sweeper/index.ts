// storage-sweeper: removes the stored objects the scheduled jobs queued (expired trash, deleted
// accounts, orphans) through the Storage API, which deletes the file and its row together — SQL
// alone cannot remove a file on hosted Supabase. Called by pg_cron through pg_net on hosted
// Supabase and by the local stack's scheduler here; only with the service-role key.
import { createClient } from 'npm:@supabase/supabase-js@2';
import { json, withCors } from '../_shared/cors.ts';
import { env } from '../_shared/env.ts';

interface Claimed {
  id: number;
  bucket_id: string;
  name: string;
}

const BATCH = 200;
const MAX_BATCHES = 20;

Deno.serve(withCors(async (req: Request) => {
  const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
  const token = /^bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]?.trim();
  if (!serviceKey || token !== serviceKey) return json({ error: 'forbidden', details: 'the storage sweeper runs with the service role only' }, 403);
  if (req.method !== 'POST') return json({ error: 'method_not_allowed' }, 405);

  const admin = createClient(env('SUPABASE_URL') ?? '', serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
  let removed = 0;
  const failures: string[] = [];
  for (let i = 0; i < MAX_BATCHES; i++) {
    const claim = await admin.rpc('claim_object_deletions', { batch: BATCH });
    if (claim.error) return json({ error: 'claim_failed', details: claim.error.message, removed }, 500);
    const batch = (claim.data ?? []) as Claimed[];
    if (batch.length === 0) break;
    const done: number[] = [];
    const byBucket = new Map<string, Claimed[]>();
    for (const item of batch) byBucket.set(item.bucket_id, [...(byBucket.get(item.bucket_id) ?? []), item]);
    for (const [bucket, items] of byBucket) {
      // remove() answers with the objects it deleted; keys already gone are simply absent, which
      // is success too (the job is idempotent).
      const res = await admin.storage.from(bucket).remove(items.map((x) => x.name));
      if (res.error) {
        failures.push(`${bucket}: ${res.error.message}`);
        continue;
      }
      removed += res.data?.length ?? 0;
      done.push(...items.map((x) => x.id));
    }
    if (done.length > 0) {
      const fin = await admin.rpc('finish_object_deletions', { done });
      if (fin.error) return json({ error: 'finish_failed', details: fin.error.message, removed }, 500);
    }
    if (batch.length < BATCH) break;
  }
  return json({ removed, failures }, failures.length ? 207 : 200);
}));
