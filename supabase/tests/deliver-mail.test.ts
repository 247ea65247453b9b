// Product mail on hosted Supabase (issue 14 §2–§3): the deliver-mail Edge Function claims due rows
// of jobs.outgoing_mail and sends them through an HTTP mail API (Resend-compatible body). Here the
// provider is a real HTTP server in the test; the function runs on the local stack, on PGlite and
// PostgreSQL, invoked with the service-role key the way pg_cron/pg_net call it on hosted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { createTestUser, type TestUser } from '../../local-stack/test/support/users.js';

interface Received {
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: { from: string; to: string[]; subject: string; text: string; html?: string };
}

/** A mail provider: records what it accepts, answers 500 for recipients on a refusing domain. */
function startProvider(): Promise<{ url: string; received: Received[]; refused: string[]; stop(): Promise<void> }> {
  const received: Received[] = [];
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as Received['body'];
      if (body.to.some((to) => to.endsWith('@refusing.example'))) {
        refused.push(...body.to);
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"provider is down"}');
        return;
      }
      received.push({ authorization: req.headers.authorization, idempotencyKey: req.headers['idempotency-key'] as string | undefined, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `msg-${received.length}` }));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/emails`, received, refused, stop: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

const MAIL_ENV = ['MAIL_API_URL', 'MAIL_API_KEY', 'MAIL_FROM'] as const;

describe.each(databasesSync())('deliver-mail Edge Function on %s', (database) => {
  let stack: TestStack;
  let provider: Awaited<ReturnType<typeof startProvider>>;
  let user: TestUser;
  const saved: Record<string, string | undefined> = {};

  async function queue(...mails: { to: string; subject: string; body?: string; kind?: string }[]): Promise<string[]> {
    return stack.db.admin(async (q) => {
      const ids: string[] = [];
      for (const m of mails) {
        const r = await q.query<{ id: string }>('insert into jobs.outgoing_mail (to_address, kind, subject, body) values ($1, $2, $3, $4) returning id', [
          m.to,
          m.kind ?? 'test',
          m.subject,
          m.body ?? `Body for ${m.to}`,
        ]);
        ids.push(r.rows[0].id);
      }
      return ids;
    });
  }

  type Row = { id: string; to_address: string; attempts: number; last_error: string | null };
  async function rows(): Promise<Row[]> {
    return stack.db.admin(async (q) => (await q.query<Row>('select id, to_address, attempts, last_error from jobs.outgoing_mail order by created_at')).rows);
  }

  function invoke(token: string, apikey = token): Promise<Response> {
    return fetch(`${stack.url}/functions/v1/deliver-mail`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey, 'Content-Type': 'application/json' },
      body: '{}',
    });
  }

  beforeAll(async () => {
    for (const name of MAIL_ENV) saved[name] = process.env[name];
    provider = await startProvider();
    // The scheduler's clock is stopped (tick 0), so the local outbox job claims nothing here.
    stack = await startTestStack({ database, overrides: { schedulerTickMs: 0 } });
    user = await createTestUser(stack, 'mailer');
  }, 180_000);

  afterAll(async () => {
    for (const name of MAIL_ENV) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
    await stack?.stop();
    await provider?.stop();
  });

  beforeEach(async () => {
    // Functions read their secrets from the stack's environment, as GOOGLE_CLIENT_ID does.
    process.env.MAIL_API_URL = provider.url;
    process.env.MAIL_API_KEY = 're_test_key';
    process.env.MAIL_FROM = 'Dossier <no-reply@dossier.example>';
    provider.received.length = 0;
    provider.refused.length = 0;
    await stack.db.admin((q) => q.query('delete from jobs.outgoing_mail'));
  });

  it('without MAIL_API_URL answers 503 with a clear message and sends nothing', async () => {
    delete process.env.MAIL_API_URL;
    await queue({ to: 'ada@example.com', subject: 'Waiting' });
    const res = await invoke(stack.serviceRoleKey);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: 'mail_not_configured', details: expect.stringContaining('MAIL_API_URL') });
    expect(provider.received).toHaveLength(0);
    expect(await rows()).toEqual([expect.objectContaining({ to_address: 'ada@example.com', attempts: 0 })]);
  });

  it('sends queued mail rendered with its action link, the product as sender, and deletes the sent rows', async () => {
    const [first, second] = await queue(
      { to: 'ada@example.com', subject: 'Your account will be deleted', body: 'In 30 days <unless> you cancel.\n\nSign in  to keep it.', kind: 'account_deletion_scheduled' },
      { to: 'grace@example.com', subject: 'A transfer for you', kind: 'transfer_offered' },
    );
    const res = await invoke(stack.serviceRoleKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 2, failed: 0, failures: [] });
    const byTo = Object.fromEntries(provider.received.map((r) => [r.body.to[0], r]));
    expect(provider.received).toHaveLength(2);
    const settings = `${stack.config.siteUrl.replace(/\/+$/, '')}/settings`;
    expect(byTo['ada@example.com']).toMatchObject({ authorization: 'Bearer re_test_key', idempotencyKey: `outgoing-mail/${first}` });
    const ada = byTo['ada@example.com'].body;
    expect(ada).toMatchObject({ from: 'Dossier <no-reply@dossier.example>', to: ['ada@example.com'], subject: 'Your account will be deleted' });
    // Paragraphs as written (double spaces gone), then the action with its link, in both parts.
    expect(ada.text).toBe(`In 30 days <unless> you cancel.\n\nSign in to keep it.\n\nKeep my account: ${settings}\n\n— Dossier\n`);
    expect(ada.html).toContain('<p>In 30 days &lt;unless&gt; you cancel.</p>\n<p>Sign in to keep it.</p>');
    expect(ada.html).toContain(`<a href="${settings}"`);
    expect(byTo['grace@example.com'].body).toMatchObject({ to: ['grace@example.com'], subject: 'A transfer for you' });
    expect(byTo['grace@example.com'].body.text).toContain(`Review the offer: ${stack.config.siteUrl.replace(/\/+$/, '')}/transfers`);
    expect(byTo['grace@example.com'].idempotencyKey).toBe(`outgoing-mail/${second}`);
    expect(await rows()).toEqual([]);
  });

  it('a provider 500 leaves the row for a retry after the lease; the next run after it sends', async () => {
    const [id] = await queue({ to: 'ada@refusing.example', subject: 'Retry me' }, { to: 'bob@example.com', subject: 'Fine' });
    const res = await invoke(stack.serviceRoleKey);
    expect(res.status).toBe(207);
    const summary = await res.json();
    expect(summary).toMatchObject({ sent: 1, failed: 1, failures: [{ id, attempts: 1, error: expect.stringContaining('500') }] });
    expect(provider.received.map((r) => r.body.to[0])).toEqual(['bob@example.com']);
    expect(await rows()).toEqual([{ id, to_address: 'ada@refusing.example', attempts: 1, last_error: expect.stringContaining('provider is down') }]);

    // Still leased: an immediate second run leaves it alone.
    const again = await invoke(stack.serviceRoleKey);
    expect(await again.json()).toEqual({ sent: 0, failed: 0, failures: [] });
    expect(provider.refused).toEqual(['ada@refusing.example']);

    // The lease runs out (moved by SQL, not by waiting) and the provider takes it now.
    await stack.db.admin((q) => q.query(`update jobs.outgoing_mail set claimed_until = now() - interval '1 second', to_address = 'ada@example.com' where id = $1`, [id]));
    const retry = await invoke(stack.serviceRoleKey);
    expect(await retry.json()).toEqual({ sent: 1, failed: 0, failures: [] });
    expect(provider.received.map((r) => r.body.to[0])).toEqual(['bob@example.com', 'ada@example.com']);
    expect(await rows()).toEqual([]);
  });

  it('gives up on a row after the bounded number of attempts and keeps it for the operator', async () => {
    const [id] = await queue({ to: 'ada@example.com', subject: 'Tried too often' });
    await stack.db.admin((q) => q.query('update jobs.outgoing_mail set attempts = jobs.outgoing_mail_max_attempts() where id = $1', [id]));
    const res = await invoke(stack.serviceRoleKey);
    expect(await res.json()).toEqual({ sent: 0, failed: 0, failures: [] });
    expect(provider.received).toHaveLength(0);
    expect(await rows()).toEqual([expect.objectContaining({ id })]);
  });

  it('refuses callers without the service role: anon, a signed-in user, and their direct RPC', async () => {
    await queue({ to: 'ada@example.com', subject: 'Not for you' });
    const anon = await invoke(stack.anonKey);
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ error: 'forbidden' });
    const signedIn = await invoke(user.accessToken, stack.anonKey);
    expect(signedIn.status).toBe(403);
    const missing = await fetch(`${stack.url}/functions/v1/deliver-mail`, { method: 'POST', headers: { apikey: stack.anonKey } });
    expect(missing.status).toBe(401);
    const rpc = await user.client.rpc('claim_outgoing_mail', { batch: 10 });
    expect(rpc.error).not.toBeNull();
    const sent = await user.client.rpc('outgoing_mail_sent', { mail_id: (await rows())[0].id });
    expect(sent.error).not.toBeNull();
    expect(provider.received).toHaveLength(0);
    expect(await rows()).toEqual([expect.objectContaining({ to_address: 'ada@example.com', attempts: 0 })]);
  });

  it('two concurrent runs never send one row twice', async () => {
    const count = 60;
    await queue(...Array.from({ length: count }, (_, i) => ({ to: `person-${i}@example.com`, subject: `Mail ${i}` })));
    const [a, b] = await Promise.all([invoke(stack.serviceRoleKey), invoke(stack.serviceRoleKey)]);
    const [sa, sb] = [await a.json(), await b.json()];
    expect(sa.failed + sb.failed).toBe(0);
    expect(sa.sent + sb.sent).toBe(count);
    const recipients = provider.received.map((r) => r.body.to[0]);
    expect(recipients).toHaveLength(count);
    expect(new Set(recipients).size).toBe(count);
    expect(await rows()).toEqual([]);
  });
});
