// The Family plan (issue 14 §1, ADR 0162) with three real people through supabase-js and raw HTTP,
// on PGlite and PostgreSQL: Olga pays for Family and invites Max; Eve is a stranger. Invitations
// (only the payer, only the invited address, seats counted), the shared Family space (members read
// each other's placed files; Eve reaches nothing; nobody's own library widens), pooled limits, and
// what leaving and a lapsed plan do.
import { randomUUID } from 'node:crypto';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { createTestUser, serviceClient, type TestUser } from '../../local-stack/test/support/users.js';

async function subscribe(stack: TestStack, userId: string, planId: string, status = 'active') {
  const { error } = await serviceClient(stack)
    .from('subscriptions')
    .upsert({ user_id: userId, plan_id: planId, stripe_subscription_id: `sub_${randomUUID().slice(0, 8)}`, stripe_customer_id: 'cus_test', status });
  if (error) throw error;
}

async function addDocument(user: TestUser, name: string, text: string): Promise<{ id: string; path: string }> {
  const id = randomUUID();
  const path = `${user.id}/${id}/${name}`;
  const up = await user.client.storage.from('documents').upload(path, new Blob([text], { type: 'text/plain' }), { contentType: 'text/plain' });
  if (up.error) throw up.error;
  const row = await user.client.from('documents').insert({ id, name, storage_path: path, mime_type: 'text/plain', size: text.length });
  if (row.error) throw row.error;
  return { id, path };
}

describe.each(databasesSync())('the Family plan on %s', (database) => {
  let stack: TestStack;
  let olga: TestUser;
  let max: TestUser;
  let eve: TestUser;
  let maxDoc: { id: string; path: string };

  const raw = async (user: TestUser, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${stack.url}${path}`, {
      ...init,
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${user.accessToken}`, 'Content-Type': 'application/json', ...(init.headers ?? {}) },
    });
    return { status: res.status, body: (await res.text()) || 'null' };
  };
  const lastInviteToken = async (address: string): Promise<string> => {
    // The invitation's path is the mail's action link (issue 21 item 5); the words point at it.
    const rows = await stack.db.admin((q) => q.query<{ body: string; link_path: string }>(`select body, link_path from jobs.outgoing_mail where to_address = $1 and kind = 'family_invitation' order by created_at desc limit 1`, [address]));
    expect(rows.rows[0].body).toContain('open the invitation link below within 7 days');
    expect(rows.rows[0].body).not.toContain('family-invite=');
    return /^\/settings\?family-invite=([0-9a-f]{64})$/.exec(rows.rows[0].link_path)![1];
  };

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { schedulerTickMs: 0 } });
    olga = await createTestUser(stack, 'olga');
    max = await createTestUser(stack, 'max');
    eve = await createTestUser(stack, 'eve');
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('lets only the payer of a Family plan invite, and only the invited address accept', async () => {
    const early = await olga.client.rpc('invite_family_member', { email: max.email });
    expect(early.error?.message).toBe('Only the person who pays for the Family plan can invite people.');
    await subscribe(stack, olga.id, 'family');
    const overview = await olga.client.rpc('family_overview');
    expect(overview.data).toMatchObject({ family: null, can_invite: true, max_members: 5 });

    const invited = await olga.client.rpc('invite_family_member', { email: max.email.toUpperCase() });
    expect(invited.error).toBeNull();
    const token = (invited.data as { token: string }[])[0].token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(await lastInviteToken(max.email)).toBe(token);
    // Only the hash is stored.
    const stored = await stack.db.admin((q) => q.query(`select 1 from public.family_invitations where token_hash = $1`, [token]));
    expect(stored.rows).toHaveLength(0);

    // Eve has the link but is not the invited address; a made-up token is the same answer.
    expect((await eve.client.rpc('accept_family_invitation', { token })).data).toEqual({ ok: false, reason: 'invalid' });
    expect((await max.client.rpc('accept_family_invitation', { token: 'f'.repeat(64) })).data).toEqual({ ok: false, reason: 'invalid' });
    // Eve cannot read Olga's invitations or family, through supabase-js or raw HTTP.
    expect(JSON.parse((await raw(eve, '/rest/v1/family_invitations?select=email')).body)).toEqual([]);
    expect(JSON.parse((await raw(eve, '/rest/v1/families?select=id')).body)).toEqual([]);
    // Eve cannot invite into Olga's family or write its tables directly.
    expect((await eve.client.rpc('invite_family_member', { email: 'x@example.com' })).error).not.toBeNull();
    const sneak = await raw(eve, '/rest/v1/family_members', { method: 'POST', body: JSON.stringify({ family_id: (overview.data as { family: null }).family ?? randomUUID(), user_id: eve.id, role: 'member' }) });
    expect(sneak.status).toBeGreaterThanOrEqual(400);

    const accepted = await max.client.rpc('accept_family_invitation', { token });
    expect(accepted.data).toMatchObject({ ok: true });
    expect((await max.client.rpc('accept_family_invitation', { token })).data).toEqual({ ok: false, reason: 'invalid' });
    const seen = (await max.client.rpc('family_overview')).data as { family: { is_owner: boolean; active: boolean }; members: { email: string; role: string }[]; invitations: unknown[] };
    expect(seen.family).toMatchObject({ is_owner: false, active: true });
    expect(seen.members.map((m) => [m.email, m.role])).toEqual([
      [olga.email, 'owner'],
      [max.email, 'member'],
    ]);
    expect(seen.invitations).toEqual([]);
    // A member cannot invite.
    expect((await max.client.rpc('invite_family_member', { email: 'x@example.com' })).error?.message).toBe('Only the person who pays for the Family plan can invite people.');
  });

  it('holds at most five people, pending invitations included', async () => {
    for (const n of [1, 2, 3]) expect((await olga.client.rpc('invite_family_member', { email: `seat${n}@example.com` })).error).toBeNull();
    const full = await olga.client.rpc('invite_family_member', { email: 'seat4@example.com' });
    expect(full.error?.message).toBe('The Family plan is shared by up to 5 people. Remove someone or withdraw an invitation first.');
    const pending = ((await olga.client.rpc('family_overview')).data as { invitations: { id: string; email: string }[] }).invitations;
    expect(pending.map((i) => i.email)).toEqual(['seat1@example.com', 'seat2@example.com', 'seat3@example.com']);
    expect((await max.client.rpc('revoke_family_invitation', { invitation_id: pending[0].id })).error).not.toBeNull();
    expect((await olga.client.rpc('revoke_family_invitation', { invitation_id: pending[0].id })).error).toBeNull();
    expect((await olga.client.rpc('invite_family_member', { email: 'seat4@example.com' })).error).toBeNull();
  });

  it('shares placed documents with every member and with nobody else; own libraries stay own', async () => {
    maxDoc = await addDocument(max, 'vaccination.txt', 'Max vaccination record');
    const olgaDoc = await addDocument(olga, 'lease.txt', 'Olga lease');
    const eveDoc = await addDocument(eve, 'eve.txt', 'Eve');
    const family = ((await olga.client.rpc('family_overview')).data as { family: { id: string } }).family.id;

    expect((await max.client.from('family_documents').insert({ family_id: family, document_id: maxDoc.id })).error).toBeNull();
    // Max cannot place Olga's document; Eve cannot place hers into Olga's family.
    expect((await max.client.from('family_documents').insert({ family_id: family, document_id: olgaDoc.id })).error).not.toBeNull();
    const eveAdd = await raw(eve, '/rest/v1/family_documents', { method: 'POST', body: JSON.stringify({ family_id: family, document_id: eveDoc.id }) });
    expect(eveAdd.status).toBeGreaterThanOrEqual(400);

    const space = await olga.client.rpc('family_space');
    expect((space.data as { name: string; added_by_email: string; mine: boolean }[]).map((d) => [d.name, d.added_by_email, d.mine])).toEqual([['vaccination.txt', max.email, false]]);
    const signed = await olga.client.storage.from('documents').createSignedUrl(maxDoc.path, 60);
    expect(signed.error).toBeNull();
    expect(await (await fetch(signed.data!.signedUrl)).text()).toBe('Max vaccination record');
    // Olga's own library is not widened: Max's row is not among her documents.
    expect(JSON.parse((await raw(olga, '/rest/v1/documents?select=name')).body)).toEqual([{ name: 'lease.txt' }]);
    // Olga cannot reach Max's other files, nor Eve anything.
    const other = await addDocument(max, 'private.txt', 'Max private');
    expect((await olga.client.storage.from('documents').download(other.path)).error).not.toBeNull();
    expect(JSON.parse((await raw(eve, '/rest/v1/rpc/family_space', { method: 'POST', body: '{}' })).body)).toEqual([]);
    expect(JSON.parse((await raw(eve, '/rest/v1/family_documents?select=document_id')).body)).toEqual([]);
    expect((await eve.client.storage.from('documents').download(maxDoc.path)).error).not.toBeNull();
    // A document moved to the trash leaves the space at once.
    await max.client.from('documents').update({ deleted_at: new Date().toISOString() }).eq('id', other.id);
    expect((await olga.client.storage.from('documents').download(maxDoc.path)).error).toBeNull();
  });

  it('pools the limits: everyone in the family counts against one plan', async () => {
    await stack.runScript(`update public.plans set max_documents = 5 where id = 'family';`);
    try {
      const usage = (await max.client.rpc('my_plan_usage')).data as { plan_id: string; documents_used: number; documents_limit: number; pooled_members: number };
      // Olga: lease; Max: vaccination + private (in the trash, still counted until purged).
      expect(usage).toMatchObject({ plan_id: 'family', documents_used: 3, documents_limit: 5, pooled_members: 2 });
      await addDocument(olga, 'a.txt', 'a');
      await addDocument(max, 'b.txt', 'b');
      const id = randomUUID();
      const refused = await max.client.from('documents').insert({ id, name: 'c.txt', storage_path: `${max.id}/${id}/c.txt`, mime_type: 'text/plain', size: 1 });
      expect(refused.error?.message).toBe('Plan limit reached: the Family plan holds up to 5 documents.');
      expect(refused.error?.hint).toMatch(/shared by your family/);
      // Eve is on her own Free plan, untouched.
      expect(((await eve.client.rpc('my_plan_usage')).data as { plan_id: string; documents_used: number }).documents_used).toBe(1);
      await expect(addDocument(eve, 'e.txt', 'e')).resolves.toMatchObject({ path: expect.stringContaining(eve.id) });
    } finally {
      await stack.runScript(`update public.plans set max_documents = 20000 where id = 'family';`);
    }
  });

  it('closes the space when the plan lapses and takes a leaving member out with their documents', async () => {
    await subscribe(stack, olga.id, 'family', 'canceled');
    expect((await olga.client.rpc('family_space')).data).toEqual([]);
    expect((await olga.client.storage.from('documents').download(maxDoc.path)).error).not.toBeNull();
    expect(((await max.client.rpc('my_plan_usage')).data as { plan_id: string }).plan_id).toBe('free');
    await subscribe(stack, olga.id, 'family');
    expect((await olga.client.rpc('family_space')).data).toHaveLength(1);

    expect((await eve.client.rpc('remove_family_member', { member: max.id })).error).not.toBeNull();
    expect((await max.client.rpc('remove_family_member', { member: olga.id })).error).not.toBeNull();
    expect((await max.client.rpc('remove_family_member', { member: max.id })).error).toBeNull();
    expect((await olga.client.rpc('family_space')).data).toEqual([]);
    expect(((await max.client.rpc('family_overview')).data as { family: unknown }).family).toBeNull();
    // Max's documents stay his.
    expect((await max.client.from('documents').select('name').eq('id', maxDoc.id)).data).toEqual([{ name: 'vaccination.txt' }]);
  });
});
