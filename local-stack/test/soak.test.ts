import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { pathological, percentile } from './support/hostile';
import { databasesSync, startTestStack, type TestStack } from './support/test-stack';
import { createTestUser, type TestUser } from './support/users';

// Issue #10 acceptance: 60 s of bounded mixed load (reads, writes, uploads, searches) while a slow
// pathological query arrives every second. Asserted: every signed-in request is answered without
// a server error and nothing acknowledged is lost. Printed: the signed-in latency figures (the
// p99 target of 1 s holds on PostgreSQL; on PGlite each cancellation restarts the worker, ADR 0055).
// In `npm test` it runs 15 s per database (the same assertions, a shorter window, issue 23 §4);
// `npm run test:soak` runs the full 60 s and is the one whose figures docs/local-stack.md quotes.

const SECONDS = Number(process.env.SOAK_SECONDS ?? 15);
jest.setTimeout((SECONDS + 540) * 1000);

describe.each(databasesSync())('soak on %s', (database) => {
  let stack: TestStack;
  let user: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({ database });
    user = await createTestUser(stack, 'soak');
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('serves signed-in reads, writes, uploads and searches under attack, and loses nothing acknowledged', async () => {
    const until = performance.now() + SECONDS * 1000;
    const latencies: number[] = [];
    const serverErrors: string[] = [];
    const tags: string[] = [];
    const files: string[] = [];
    const attacks: number[] = [];
    let n = 0;

    const timed = async <T extends { status: number; error: unknown }>(what: string, op: () => PromiseLike<T>): Promise<T> => {
      const t = performance.now();
      const r = await op();
      latencies.push(performance.now() - t);
      if (r.status >= 500 || r.status === 0) serverErrors.push(`${what}: ${r.status} ${JSON.stringify(r.error)}`);
      return r;
    };

    const client = user.client;
    const worker = async (kind: number) => {
      while (performance.now() < until) {
        const i = n++;
        if (kind === 0) await timed('read', () => client.from('user_document_categories').select('id,name').limit(50));
        else if (kind === 1) {
          const r = await timed('write', () => client.from('tags').insert({ user_id: user.id, name: `soak-${i}` }).select('id').single());
          if (!r.error && r.data) tags.push((r.data as { id: string }).id);
        } else if (kind === 2) {
          const key = `${user.id}/soak/${i}.txt`;
          const t = performance.now();
          const r = await client.storage.from('documents').upload(key, Buffer.from(`file ${i}`), { contentType: 'text/plain' });
          latencies.push(performance.now() - t);
          const status = (r.error as { statusCode?: string } | null)?.statusCode;
          if (r.error && (!status || Number(status) >= 500)) serverErrors.push(`upload: ${JSON.stringify(r.error)}`);
          if (!r.error) files.push(key);
        } else await timed('search', () => client.from('tags').select('id').ilike('name', `%soak-${i % 10}%`).limit(20));
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const attacker = (async () => {
      while (performance.now() < until) {
        void pathological(stack).then((s) => attacks.push(s), () => attacks.push(0));
        await new Promise((r) => setTimeout(r, 1000));
      }
    })();
    await Promise.all([worker(0), worker(1), worker(2), worker(3), attacker]);

    latencies.sort((a, b) => a - b);
    console.log(
      `soak (${database}, ${SECONDS}s): ${latencies.length} signed-in requests, p50 ${percentile(latencies, 50).toFixed(0)} ms, ` +
        `p99 ${percentile(latencies, 99).toFixed(0)} ms, max ${latencies[latencies.length - 1]?.toFixed(0)} ms; ` +
        `${tags.length} tags and ${files.length} files acknowledged; ${attacks.length} pathological queries sent (${attacks.filter((s) => s >= 400 && s < 600).length} cut off or refused); ` +
        `restarts ${(stack.db as unknown as { restarts?: () => number }).restarts?.() ?? 'n/a'}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`,
    );
    expect(serverErrors).toEqual([]);
    expect(tags.length).toBeGreaterThan(0);
    expect(files.length).toBeGreaterThan(0);
    // Nothing acknowledged is lost.
    const storedTags = await stack.db.admin((q) => q.query<{ id: string }>(`select id from public.tags where id = any($1::uuid[])`, [tags]));
    expect(storedTags.rows).toHaveLength(tags.length);
    const storedFiles = await stack.db.admin((q) => q.query<{ name: string }>(`select name from storage.objects where bucket_id = 'documents' and name = any($1::text[])`, [files]));
    expect(storedFiles.rows).toHaveLength(files.length);
    for (const key of files.slice(0, 20)) {
      const { data, error } = await client.storage.from('documents').download(key);
      expect(error).toBeNull();
      expect(await data!.text()).toBe(`file ${key.split('/').pop()!.replace('.txt', '')}`);
    }
  });
});
