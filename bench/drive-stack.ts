/**
 * The local stack (Supabase-compatible API, Storage, the database) and its Google emulator in a
 * process of their own, for `npm run bench:drive`: in life the browser, the platform and Google are
 * separate processes, so the importing client must not share an event loop with them (ADR 0235).
 *
 * Started by bench/drive.ts with fork(); talks over IPC:
 *   → { ready: { url, googleUrl, anonKey } } once up;
 *   ← 'user' → { user: { id, email, password } }: a new person on Plus (200 documents exceed
 *     the Free plan's 100);
 *   ← 'rss' → { rss } (MB); ← 'cpu' → { cpu } (process.cpuUsage(), all its threads);
 *   ← 'stop' → stops the stack and exits.
 */
import { startTestStack } from '../local-stack/test/support/test-stack.js';
import { createTestUser } from '../local-stack/test/support/users.js';

const DATABASE = (process.env.BENCH_DATABASE ?? 'pglite') as 'pglite' | 'postgres';
const rss = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/** A new person on Plus, signed up through the real auth endpoints: each leg imports as its own. */
async function plusUser(stack: Awaited<ReturnType<typeof startTestStack>>) {
  const user = await createTestUser(stack, 'bench-drive');
  await stack.db.admin((q) =>
    q.query(`insert into public.subscriptions (user_id, plan_id, stripe_subscription_id, stripe_customer_id, status) values ($1, 'plus', $2, $3, 'active')`, [user.id, `sub_bench_${user.id.slice(0, 8)}`, `cus_bench_${user.id.slice(0, 8)}`]),
  );
  return { id: user.id, email: user.email, password: user.password };
}

async function main() {
  const stack = await startTestStack({ database: DATABASE });
  const stop = () => void stack.stop().finally(() => process.exit(0));
  process.on('message', (message) => {
    if (message === 'rss') process.send!({ rss: rss() });
    if (message === 'cpu') process.send!({ cpu: process.cpuUsage() });
    if (message === 'user') void plusUser(stack).then((user) => process.send!({ user }), (error: unknown) => process.send!({ error: String(error) }));
    if (message === 'stop') stop();
  });
  process.on('disconnect', stop);
  process.send!({ ready: { url: stack.url, googleUrl: stack.googleUrl, anonKey: stack.anonKey } });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
