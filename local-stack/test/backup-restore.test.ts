// Backup and restore of a whole instance (issue 28 §1), on PGlite and PostgreSQL: people,
// documents (one uploaded in pieces through TUS, one upload left half-way), a share link and a
// transfer; `npm run backup` runs while a writer keeps adding documents; `npm run restore` into a
// new data folder and a new database; the restored stack serves every acknowledged row and object,
// byte-identical, to the same people with the same passwords and passkeys; the share link and the
// calendar feed resolve at the same URLs, and the scheduled jobs resume where the archive left
// them. The source runs one migration behind this checkout, so the restore also proves that newer
// migrations run after the load. An instance on an S3-compatible bucket is backed up and restored
// into another bucket and onto local disk, object for object.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { findRepoRoot, loadConfig } from '../src/config.js';
import { listMigrations } from '../src/migrations/runner.js';
import { startStack, type StartedStack } from '../src/start.js';
import { packFolder, unpackArchive } from '../src/backup/tar.js';
import { restoreBackup, RestoreRefusedError } from '../src/backup/restore.js';
import { ARCHIVE_FORMAT_VERSION, MANIFEST_FILE, type Manifest } from '../src/backup/manifest.js';
import { listMail } from '../src/outbox/index.js';
import { createBackend } from '../src/storage/index.js';
import { databasesSync, startTestStack, testDatabaseUrl, type TestStack } from './support/test-stack.js';
import { clientOptions, createTestUser, type TestUser } from './support/users.js';
import { runNpmScript } from './support/npm-script.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import { PASSKEY_ORIGIN, registerPasskey, signInWithPasskey } from './support/passkey-ceremonies.js';
import { readFile, writeFile } from 'node:fs/promises';

const root = findRepoRoot();
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The repo's supabase/ folder without its newest migration: an instance one release behind. */
function olderSupabaseDir(): { dir: string; skipped: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-older-supabase-'));
  const real = path.join(root, 'supabase');
  for (const entry of readdirSync(real)) if (entry !== 'migrations') symlinkSync(path.join(real, entry), path.join(dir, entry));
  const all = listMigrations(path.join(real, 'migrations'));
  mkdirSync(path.join(dir, 'migrations'));
  for (const m of all.slice(0, -1)) symlinkSync(m.file, path.join(dir, 'migrations', path.basename(m.file)));
  return { dir, skipped: all.at(-1)!.version };
}

interface StoredDoc {
  id: string;
  path: string;
  sha256: string;
}

/** Stores a document (its bytes, then its row); `options` gives binary bytes or more row fields. */
async function addDocument(user: TestUser, label: string, options: { bytes?: Buffer; row?: Record<string, unknown> } = {}): Promise<StoredDoc> {
  const id = randomUUID();
  const bytes = options.bytes ?? Buffer.from(`%PDF-1.4 ${label} ${randomUUID()} ${'z'.repeat(Math.floor(Math.random() * 3000))}`);
  const key = `${user.id}/${id}/${label}.pdf`;
  const up = await user.client.storage.from('documents').upload(key, new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const row = await user.client
    .from('documents')
    .insert({ id, name: `${label}.pdf`, storage_path: key, mime_type: 'application/pdf', size: bytes.length, sha256: sha(bytes), ...options.row });
  if (row.error) throw row.error;
  return { id, path: key, sha256: sha(bytes) };
}

function tusHeaders(stack: StartedStack, user: TestUser, extra: Record<string, string> = {}): Record<string, string> {
  return { 'tus-resumable': '1.0.0', apikey: stack.anonKey, authorization: `Bearer ${user.accessToken}`, ...extra };
}

/** Creates a TUS upload of `bytes` and sends its first `upTo` bytes in one PATCH; returns its URL. */
async function tusBegin(stack: StartedStack, user: TestUser, objectName: string, bytes: Buffer, upTo: number): Promise<string> {
  const meta = `bucketName ${Buffer.from('documents').toString('base64')},objectName ${Buffer.from(objectName).toString('base64')},contentType ${Buffer.from('application/pdf').toString('base64')}`;
  const created = await fetch(`${stack.url}/storage/v1/upload/resumable`, { method: 'POST', headers: tusHeaders(stack, user, { 'upload-length': String(bytes.length), 'upload-metadata': meta }) });
  expect(created.status).toBe(201);
  const url = new URL(created.headers.get('location')!, stack.url).toString();
  await tusPatch(url, stack, user, bytes, 0, upTo);
  return url;
}

async function tusPatch(url: string, stack: StartedStack, user: TestUser, bytes: Buffer, from: number, to: number): Promise<void> {
  const res = await fetch(url, { method: 'PATCH', headers: tusHeaders(stack, user, { 'upload-offset': String(from), 'content-type': 'application/offset+octet-stream' }), body: new Uint8Array(bytes.subarray(from, to)) });
  expect(res.status).toBe(204);
}

/** The upload URL of `url` on another stack (same upload id). */
const onStack = (url: string, stack: StartedStack) => `${stack.url}${new URL(url).pathname}`;

/** share-resolve as the share page calls it: raw HTTP with the anon key. */
async function shareResolve(stack: StartedStack, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${stack.url}/functions/v1/share-resolve`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${stack.anonKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The calendar feed at its secret URL, as a calendar app polls it, without its DTSTAMP lines (the time it was served). */
async function calendarFeed(stack: StartedStack, token: string): Promise<{ status: number; events: string }> {
  const res = await fetch(`${stack.url}/functions/v1/calendar-feed?token=${token}`);
  return { status: res.status, events: (await res.text()).replace(/^DTSTAMP:.*\r?\n/gm, '') };
}

async function signIn(stack: StartedStack, user: TestUser) {
  const client = createClient(stack.url, stack.anonKey, clientOptions);
  const r = await client.auth.signInWithPassword({ email: user.email, password: user.password });
  expect(r.error).toBeNull();
  return { client, accessToken: r.data.session!.access_token };
}

describe.each(databasesSync())('backup and restore of the whole instance on %s', (database) => {
  let source: TestStack;
  let older: { dir: string; skipped: string };
  let alice: TestUser;
  let bob: TestUser;
  let archive: string;
  const cleanups: Array<() => Promise<void> | void> = [];

  beforeAll(async () => {
    older = olderSupabaseDir();
    source = await startTestStack({ database, overrides: { schedulerTickMs: 0, supabaseDir: older.dir } });
    alice = await createTestUser(source, 'alice');
    bob = await createTestUser(source, 'bob');
  }, 300_000);

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await source?.stop();
    rmSync(older.dir, { recursive: true, force: true });
  });

  it('restores into a new data folder and database: every acknowledged row and object, the same people, passwords, links and uploads', async () => {
    // What the instance holds before the backup starts.
    const docs = [await addDocument(alice, 'passport'), await addDocument(alice, 'lease'), await addDocument(bob, 'diploma')];
    const pieces = Buffer.from(`%PDF-1.4 in pieces ${randomUUID()} ${'p'.repeat(5000)}`);
    const piecesId = randomUUID();
    const piecesPath = `${alice.id}/${piecesId}/pieces.pdf`;
    const piecesUrl = await tusBegin(source, alice, piecesPath, pieces, 2000);
    await tusPatch(piecesUrl, source, alice, pieces, 2000, pieces.length);
    expect((await alice.client.from('documents').insert({ id: piecesId, name: 'pieces.pdf', storage_path: piecesPath, mime_type: 'application/pdf', size: pieces.length, sha256: sha(pieces) })).error).toBeNull();
    docs.push({ id: piecesId, path: piecesPath, sha256: sha(pieces) });
    const halfway = Buffer.from(`%PDF-1.4 half-way ${randomUUID()} ${'h'.repeat(4000)}`);
    const halfwayUrl = await tusBegin(source, alice, `${alice.id}/${randomUUID()}/halfway.pdf`, halfway, 1500);
    const link = await alice.client.rpc('create_share_link', { document_id: docs[0].id });
    expect(link.error).toBeNull();
    const token = (link.data as Array<{ token: string }>)[0].token;
    const transfer = await alice.client.rpc('offer_transfer', { recipient_email: bob.email, document_ids: [docs[1].id] });
    expect(transfer.error).toBeNull();

    // Work the scheduler has done and has still to do: bob's licence expires in 30 days and its
    // 30-day reminder was sent (its mail still queued); his old policy waits in the trash for the
    // 30-day purge. His calendar feed is on. Alice signs in with a passkey too.
    const now = source.scheduler.now().getTime();
    const licence = await addDocument(bob, 'licence', { row: { expires_on: isoDay(now + 30 * DAY) } });
    expect(await source.scheduler.runNow('send-expiry-reminders')).toEqual({ sent: 1 });
    const policy = await addDocument(bob, 'old-policy');
    expect((await bob.client.from('documents').update({ deleted_at: new Date(now).toISOString() }).eq('id', policy.id)).error).toBeNull();
    const feedOn = await bob.client.rpc('calendar_feed', { enabled: true });
    expect(feedOn.error).toBeNull();
    const feedToken = feedOn.data as string;
    const feedBefore = await calendarFeed(source, feedToken);
    expect(feedBefore.status).toBe(200);
    expect(feedBefore.events).toContain('SUMMARY:licence.pdf expires');
    const aliceDevice = new SoftwareAuthenticator(PASSKEY_ORIGIN);
    expect((await registerPasskey(alice.client, aliceDevice)).error).toBeNull();

    // A writer keeps adding documents while `npm run backup` runs, paced and below the Free plan's
    // 100 documents: on an idle machine an unpaced writer filled the plan before the backup ended.
    const written: Array<StoredDoc & { ackAt: number }> = [];
    let writing = true;
    const WRITER_CAP = 80;
    const writer = (async () => {
      for (let i = 0; writing && i < WRITER_CAP; i++) {
        written.push({ ...(await addDocument(alice, `during-${i}`)), ackAt: Date.now() });
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    while (written.length < 2) await new Promise((r) => setTimeout(r, 50));
    const backupStart = Date.now();
    const backup = await runNpmScript('backup', [], { SUPABASE_URL: source.url, SUPABASE_SERVICE_ROLE_KEY: source.serviceRoleKey });
    writing = false;
    await writer;
    expect(backup.out).toContain('Backup written:');
    expect(backup.code).toBe(0);
    archive = /Backup written: (\S+)/.exec(backup.out)![1];
    const before = written.filter((w) => w.ackAt < backupStart);
    expect(before.length).toBeGreaterThanOrEqual(2);

    // Restore into a new data folder (and a new, empty database).
    const targetDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-restored-'));
    cleanups.push(() => rmSync(targetDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    if (database === 'postgres') {
      const name = `dossier_test_restore_${Math.random().toString(36).slice(2, 10)}`;
      const admin = new pg.Client({ connectionString: testDatabaseUrl() });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(testDatabaseUrl());
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      cleanups.push(async () => {
        const a = new pg.Client({ connectionString: testDatabaseUrl() });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      });
    }
    const restore = await runNpmScript('restore', [archive], { STACK_DATA_DIR: targetDir, DATABASE_URL: databaseUrl });
    expect(restore.out).toContain('Restored the instance');
    expect(restore.code).toBe(0);
    // The archive was one migration behind this checkout: the newer one ran after the load.
    expect(restore.out).toContain(`migration applied after loading: ${older.skipped}`);

    const restored = await startStack(
      { port: 0, googlePort: 0, stripePort: 0, schedulerTickMs: 0, dataDir: targetDir, databaseUrl, storage: { kind: 'local', root: path.join(targetDir, 'storage') } },
      { log: () => undefined },
    );
    cleanups.push(() => restored.stop());
    // The installation keys came back: the anon key apps were built with still works.
    if (!source.config.demoKeys) expect(restored.anonKey).toBe(source.anonKey);
    // So did the session signing keys (signing-keys.json): a session from before the move still
    // holds, instead of everyone being signed out by a new key.
    expect(source.config.signingKeys?.length ?? 0).toBeGreaterThan(0);
    const kept = await createClient(restored.url, restored.anonKey, clientOptions).auth.getUser(alice.accessToken);
    expect(kept.error).toBeNull();
    expect(kept.data.user?.id).toBe(alice.id);

    // The same people, with the same passwords, get their documents byte-identical.
    const a = await signIn(restored, alice);
    const b = await signIn(restored, bob);
    const expectDocs = async (client: typeof a.client, list: StoredDoc[]) => {
      for (const d of list) {
        const row = await client.from('documents').select('id,storage_path,sha256').eq('id', d.id).single();
        expect(row.error).toBeNull();
        const file = await client.storage.from('documents').download(d.path);
        expect(file.error).toBeNull();
        expect(sha(new Uint8Array(await file.data!.arrayBuffer()))).toBe(d.sha256);
      }
    };
    await expectDocs(a.client, [docs[0], docs[1], docs[3], ...before]);
    await expectDocs(b.client, [docs[2]]);
    // Nothing half-written: every document row the archive has downloads byte-identical.
    const all = await a.client.from('documents').select('id,storage_path,sha256');
    expect(all.error).toBeNull();
    const duringInArchive = written.filter((w) => all.data!.some((r) => r.id === w.id));
    await expectDocs(a.client, duringInArchive);
    expect(all.data!.length).toBe(3 + duringInArchive.length);

    // The share link still opens; the transfer still waits for bob.
    // The share page opens links through the service role (as the share function does).
    const opened = await createClient(restored.url, restored.serviceRoleKey, clientOptions).rpc('share_open', { token });
    expect(opened.error).toBeNull();
    expect(JSON.stringify(opened.data)).toContain('passport.pdf');
    // And a visitor of the link's page, through share-resolve on the restored stack, downloads the file.
    const visit = await shareResolve(restored, { action: 'open', token });
    expect(visit).toMatchObject({ status: 200, body: { status: 'ok' } });
    const shared = await shareResolve(restored, { action: 'file', visit: visit.body.visit, document_id: docs[0].id, purpose: 'download' });
    expect(shared).toMatchObject({ status: 200, body: { status: 'ok' } });
    const sharedFile = await fetch(shared.body.url as string);
    expect(sharedFile.status).toBe(200);
    expect(sha(new Uint8Array(await sharedFile.arrayBuffer()))).toBe(docs[0].sha256);

    // The calendar feed: the same URL gives the same events, served by the restored stack.
    expect(await calendarFeed(restored, feedToken)).toEqual(feedBefore);

    // Alice signs in with the same passkey, and the session is hers.
    const byPasskey = await signInWithPasskey(restored.url, restored.anonKey, aliceDevice);
    expect(byPasskey.result.error).toBeNull();
    expect(byPasskey.result.data!.session!.user.id).toBe(alice.id);
    const mineByPasskey = await byPasskey.client.from('documents').select('id').eq('id', docs[0].id);
    expect(mineByPasskey.data).toEqual([{ id: docs[0].id }]);
    const incoming = await b.client.rpc('my_transfers');
    expect(incoming.error).toBeNull();
    expect((incoming.data as Array<{ id: string }>).map((t) => t.id)).toContain(transfer.data as string);

    // The upload left half-way resumes where it was acknowledged, and completes.
    const head = await fetch(onStack(halfwayUrl, restored), { method: 'HEAD', headers: tusHeaders(restored, { ...alice, accessToken: a.accessToken }) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('1500');
    await tusPatch(onStack(halfwayUrl, restored), restored, { ...alice, accessToken: a.accessToken }, halfway, 1500, halfway.length);

    // The scheduled jobs resume where the archive left them: the reminder already sent is not sent
    // again; the 7-day one falls due 23 days on and is sent; both mails reach bob (the 30-day one
    // was still queued at the backup); 31 days on, the trash purge removes the old policy.
    await expectDocs(b.client, [licence]);
    expect(await restored.scheduler.runNow('send-expiry-reminders')).toEqual({ sent: 0 });
    restored.scheduler.advance(23 * DAY);
    expect(await restored.scheduler.runNow('send-expiry-reminders')).toEqual({ sent: 1 });
    const reminders = await b.client.from('expiry_reminders').select('document_id,days_before').order('days_before');
    expect(reminders.data).toEqual([
      { document_id: licence.id, days_before: 7 },
      { document_id: licence.id, days_before: 30 },
    ]);
    await restored.scheduler.runNow('deliver-mail');
    const bobsReminders = (await listMail(targetDir, bob.email)).map((m) => m.subject).filter((subject) => subject.startsWith('licence.pdf'));
    expect(bobsReminders.sort()).toEqual(['licence.pdf expires in 30 days', 'licence.pdf expires in 7 days']);
    const trashed = () => createClient(restored.url, restored.serviceRoleKey, clientOptions).from('documents').select('id').eq('id', policy.id);
    expect((await trashed()).data).toHaveLength(1);
    restored.scheduler.advance(8 * DAY);
    expect(await restored.scheduler.runNow('purge-trash')).toEqual({ purged: 1 });
    expect((await trashed()).data).toEqual([]);

    // Every table holds what the manifest counted (the restore checked it before committing).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-manifest-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await unpackArchive(archive, dir);
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest.database).toBe(database);
    expect(manifest.counts.uploadsInProgress).toBe(1);
    // The writer's last file may be stored before the snapshot and its row inserted after it: an
    // object without a document (what the orphan sweep removes), never a document without bytes.
    // Before the writer: passport, lease, pieces, diploma, licence and the trashed old policy.
    expect(manifest.counts.objects).toBeGreaterThanOrEqual(6 + duringInArchive.length);
    expect(manifest.counts.objects).toBeLessThanOrEqual(6 + written.length);
    expect(manifest.counts.tables['auth.users']).toBe(2);
  }, 900_000);

  it('refuses a non-empty target and an archive of a newer Dossier, changing nothing', async () => {
    // The source's own data folder (and, on PostgreSQL, its database with an empty folder).
    const intoSource = await runNpmScript('restore', [archive], { STACK_DATA_DIR: source.dataDir, DATABASE_URL: source.config.databaseUrl });
    expect(intoSource.code).toBe(1);
    expect(intoSource.out).toMatch(/restore refused: the target is not empty/);
    if (database === 'postgres') {
      const emptyDir = mkdtempSync(path.join(os.tmpdir(), 'dossier-empty-'));
      cleanups.push(() => rmSync(emptyDir, { recursive: true, force: true }));
      const intoDb = await runNpmScript('restore', [archive], { STACK_DATA_DIR: emptyDir, DATABASE_URL: source.config.databaseUrl });
      expect(intoDb.code).toBe(1);
      expect(intoDb.out).toMatch(/the database has \d+ tables already/);
    }
    // The source still serves alice as before.
    expect((await alice.client.from('documents').select('id')).data!.length).toBeGreaterThanOrEqual(3);

    // An archive whose migration level this checkout does not know is refused before any write.
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-newer-'));
    const target = mkdtempSync(path.join(os.tmpdir(), 'dossier-newer-target-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }), () => rmSync(target, { recursive: true, force: true }));
    await unpackArchive(archive, path.join(dir, 'content'));
    const file = path.join(dir, 'content', MANIFEST_FILE);
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    manifest.migrations.versions.push('29991231000000');
    manifest.migrations.level = '29991231000000';
    await writeFile(file, JSON.stringify(manifest));
    await packFolder(path.join(dir, 'content'), path.join(dir, 'newer.tar.gz'), [MANIFEST_FILE]);
    const config = loadConfig({ dataDir: target, databaseUrl: undefined, storage: { kind: 'local', root: path.join(target, 'storage') } });
    const refused = restoreBackup(path.join(dir, 'newer.tar.gz'), config);
    await expect(refused).rejects.toThrow(RestoreRefusedError);
    await expect(refused).rejects.toThrow(/made by a newer Dossier .* does not know migration 29991231000000/);
    expect(readdirSync(target).filter((n) => !n.startsWith('.restore-'))).toEqual([]);
    // What the person running `npm run restore` reads: the reason and what to do, exit code 1.
    const cli = await runNpmScript('restore', [path.join(dir, 'newer.tar.gz')], { STACK_DATA_DIR: target });
    expect(cli.code).toBe(1);
    expect(cli.out).toMatch(/npm run restore: this archive was made by a newer Dossier .* Upgrade Dossier .*, then restore\. Nothing was changed\./);
    expect(readdirSync(target).filter((n) => !n.startsWith('.restore-'))).toEqual([]);

    // An archive in a newer archive format is refused too, before any write.
    manifest.migrations.versions.pop();
    manifest.migrations.level = manifest.migrations.versions.at(-1)!;
    manifest.formatVersion = ARCHIVE_FORMAT_VERSION + 1;
    await writeFile(file, JSON.stringify(manifest));
    await packFolder(path.join(dir, 'content'), path.join(dir, 'newer-format.tar.gz'), [MANIFEST_FILE]);
    await expect(restoreBackup(path.join(dir, 'newer-format.tar.gz'), config)).rejects.toThrow(
      new RestoreRefusedError(`this archive was written by a newer Dossier (${manifest.dossierVersion}, archive format ${ARCHIVE_FORMAT_VERSION + 1}); upgrade Dossier, then restore`),
    );
    expect(readdirSync(target).filter((n) => !n.startsWith('.restore-'))).toEqual([]);
  }, 600_000);
});

// docs/deploy.md's one path from the local stack to a hosted project: a backup archive of a
// PGlite instance moved into a second stack on PostgreSQL standing in for the project
// (`supabase db push` = the migrations its start applied).
describe('moving an instance into a Supabase project from a backup archive', () => {
  const stacks: TestStack[] = [];

  afterAll(async () => {
    for (const s of stacks) await s.stop();
  });

  it('brings people, rows and files over; people sign in with the same password; a project in use is refused', async () => {
    const source = await startTestStack({ database: 'pglite', overrides: { schedulerTickMs: 0 } });
    stacks.push(source);
    const target = await startTestStack({ database: 'postgres', overrides: { schedulerTickMs: 0 } });
    stacks.push(target);
    const alice = await createTestUser(source, 'alice');
    const docs = [await addDocument(alice, 'passport'), await addDocument(alice, 'deed')];
    const link = await alice.client.rpc('create_share_link', { document_id: docs[0].id });
    expect(link.error).toBeNull();
    const made = await fetch(`${source.url}/backup/v1/archives`, { method: 'POST', headers: { apikey: source.serviceRoleKey, Authorization: `Bearer ${source.serviceRoleKey}` } });
    expect(made.status).toBe(201);
    const { file } = (await made.json()) as { file: string };

    const env = { SUPABASE_URL: target.url, SUPABASE_SERVICE_ROLE_KEY: target.serviceRoleKey, SUPABASE_DB_URL: target.config.databaseUrl };
    const moved = await runNpmScript('restore', ['--into-project', file], env);
    expect(moved.out).toContain('Moved the instance');
    expect(moved.code).toBe(0);

    const a = await signIn(target, alice);
    for (const d of docs) {
      const row = await a.client.from('documents').select('id').eq('id', d.id).single();
      expect(row.error).toBeNull();
      const bytes = await a.client.storage.from('documents').download(d.path);
      expect(bytes.error).toBeNull();
      expect(sha(new Uint8Array(await bytes.data!.arrayBuffer()))).toBe(d.sha256);
    }
    const opened = await createClient(target.url, target.serviceRoleKey, clientOptions).rpc('share_open', { token: (link.data as Array<{ token: string }>)[0].token });
    expect(opened.error).toBeNull();

    // A second move into the same project would mix two instances: refused.
    const again = await runNpmScript('restore', ['--into-project', file], env);
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/the project already has 1 people: moving into a project in use is refused/);
  }, 900_000);
});

// An instance whose files live in an S3-compatible bucket (s3rver on loopback, as in
// storage-s3.test.ts): `npm run backup` reads the objects from the bucket; `npm run restore`
// writes them into another, empty bucket (STORAGE_S3_*) or onto local disk. Either way every
// object is byte-identical under the same key, and the restored S3 instance serves them.
describe('backup of an instance on S3, restored into another bucket and onto local disk', () => {
  const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  let server: { run(): Promise<{ port: number }>; close(): Promise<void> };
  let s3: S3Client;
  let endpoint: string;
  const cleanups: Array<() => Promise<void> | void> = [];
  const s3Storage = (bucket: string) => ({ kind: 's3' as const, region: 'us-east-1', bucket, endpoint, forcePathStyle: true, ...CREDENTIALS });
  const s3Env = (bucket: string) => ({
    STORAGE_S3_ENDPOINT: endpoint,
    STORAGE_S3_REGION: 'us-east-1',
    STORAGE_S3_BUCKET: bucket,
    STORAGE_S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
    STORAGE_S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  });
  /** Every object in `bucket`: key → sha256 of its bytes. */
  const bucketObjects = async (bucket: string): Promise<Record<string, string>> => {
    const keys = ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!);
    const out: Record<string, string> = {};
    for (const key of keys) out[key] = sha(await (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body!.transformToByteArray());
    return out;
  };
  const newDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  beforeAll(async () => {
    const s3Dir = newDir('dossier-backup-s3-');
    server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir, configureBuckets: [{ name: 'source-objects' }, { name: 'restored-objects' }, { name: 'in-use' }] });
    endpoint = `http://127.0.0.1:${(await server.run()).port}`;
    s3 = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: CREDENTIALS });
  });

  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    s3?.destroy();
    await server?.close();
  });

  it('copies every object out of the bucket and back, byte-identical, into S3 or onto local disk; a bucket in use is refused', async () => {
    const source = await startTestStack({ database: 'pglite', overrides: { schedulerTickMs: 0, storage: s3Storage('source-objects') } });
    cleanups.push(() => source.stop());
    const alice = await createTestUser(source, 'alice');
    const docs = [
      await addDocument(alice, 'passport'),
      // Every byte value, and more than one S3 read chunk.
      await addDocument(alice, 'scan', { bytes: Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), createHash('sha512').update(randomUUID()).digest(), Buffer.alloc(300_000, 0xa5)]) }),
    ];
    const inSource = await bucketObjects('source-objects');
    expect(Object.keys(inSource)).toHaveLength(docs.length);

    const backup = await runNpmScript('backup', [], { SUPABASE_URL: source.url, SUPABASE_SERVICE_ROLE_KEY: source.serviceRoleKey });
    expect(backup.out).toContain('Backup written:');
    expect(backup.code).toBe(0);
    const file = /Backup written: (\S+)/.exec(backup.out)![1];

    // Into another bucket, and onto local disk (the two restores are independent: at once).
    const intoS3 = newDir('dossier-restored-s3-');
    const ontoDisk = newDir('dossier-restored-disk-');
    const [toS3, toDisk] = await Promise.all([
      runNpmScript('restore', [file], { STACK_DATA_DIR: intoS3, ...s3Env('restored-objects') }),
      runNpmScript('restore', [file], { STACK_DATA_DIR: ontoDisk }),
    ]);
    expect(toS3.out).toContain('Restored the instance');
    expect(toS3.code).toBe(0);
    expect(toDisk.out).toContain('Restored the instance');
    expect(toDisk.code).toBe(0);
    expect(await bucketObjects('restored-objects')).toEqual(inSource);

    // On local disk: the same keys, the same bytes.
    const disk = createBackend(loadConfig({ dataDir: ontoDisk, databaseUrl: undefined, storage: { kind: 'local', root: path.join(ontoDisk, 'storage') } }));
    const onDisk: Record<string, string> = {};
    for (const key of Object.keys(inSource)) {
      const stream = await disk.get(key);
      expect(stream).not.toBeNull();
      onDisk[key] = sha(new Uint8Array(await new Response(stream as ReadableStream<Uint8Array>).arrayBuffer()));
    }
    expect(onDisk).toEqual(inSource);

    // The instance restored into the bucket serves alice her files.
    const restored = await startStack(
      { port: 0, googlePort: 0, stripePort: 0, schedulerTickMs: 0, dataDir: intoS3, databaseUrl: undefined, storage: s3Storage('restored-objects') },
      { log: () => undefined },
    );
    cleanups.push(() => restored.stop());
    const a = await signIn(restored, alice);
    for (const d of docs) {
      const bytes = await a.client.storage.from('documents').download(d.path);
      expect(bytes.error).toBeNull();
      expect(sha(new Uint8Array(await bytes.data!.arrayBuffer()))).toBe(d.sha256);
    }

    // A bucket that holds an object already belongs to something else: refused, nothing written.
    // (One object: s3rver answers 500 to any truncated listing, as its continuation tokens use DES,
    // which OpenSSL 3 no longer offers; real S3 and MinIO page normally.)
    await s3.send(new PutObjectCommand({ Bucket: 'in-use', Key: 'documents/someone/else.pdf/v1', Body: 'theirs' }));
    const again = newDir('dossier-restored-again-');
    const refused = await runNpmScript('restore', [file], { STACK_DATA_DIR: again, ...s3Env('in-use') });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('restore refused: the target is not empty — the bucket "in-use" is not empty');
    expect(readdirSync(again)).toEqual([]);
    expect(await bucketObjects('in-use')).toEqual({ 'documents/someone/else.pdf/v1': sha(Buffer.from('theirs')) });
  }, 600_000);
});
