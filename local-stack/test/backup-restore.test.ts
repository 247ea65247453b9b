// Backup and restore of a whole instance (issue 28 §1), on PGlite and PostgreSQL: people,
// documents (one uploaded in pieces through TUS, one upload left half-way), a share link and a
// transfer; `npm run backup` runs while a writer keeps adding documents; `npm run restore` into a
// new data folder and a new database; the restored stack serves every acknowledged row and object,
// byte-identical, to the same people with the same passwords. The source runs one migration
// behind this checkout, so the restore also proves that newer migrations run after the load.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createClient } from '@supabase/supabase-js';
import { findRepoRoot, loadConfig } from '../src/config.js';
import { listMigrations } from '../src/migrations/runner.js';
import { startStack, type StartedStack } from '../src/start.js';
import { packFolder, unpackArchive } from '../src/backup/tar.js';
import { restoreBackup, RestoreRefusedError } from '../src/backup/restore.js';
import { MANIFEST_FILE, type Manifest } from '../src/backup/manifest.js';
import { databasesSync, startTestStack, testDatabaseUrl, type TestStack } from './support/test-stack.js';
import { clientOptions, createTestUser, type TestUser } from './support/users.js';
import { runNpmScript } from './support/npm-script.js';
import { readFile, writeFile } from 'node:fs/promises';

const root = findRepoRoot();
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

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

async function addDocument(user: TestUser, label: string): Promise<StoredDoc> {
  const id = randomUUID();
  const bytes = Buffer.from(`%PDF-1.4 ${label} ${randomUUID()} ${'z'.repeat(Math.floor(Math.random() * 3000))}`);
  const key = `${user.id}/${id}/${label}.pdf`;
  const up = await user.client.storage.from('documents').upload(key, new Blob([bytes], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  if (up.error) throw up.error;
  const row = await user.client.from('documents').insert({ id, name: `${label}.pdf`, storage_path: key, mime_type: 'application/pdf', size: bytes.length, sha256: sha(bytes) });
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
    const incoming = await b.client.rpc('my_transfers');
    expect(incoming.error).toBeNull();
    expect((incoming.data as Array<{ id: string }>).map((t) => t.id)).toContain(transfer.data as string);

    // The upload left half-way resumes where it was acknowledged, and completes.
    const head = await fetch(onStack(halfwayUrl, restored), { method: 'HEAD', headers: tusHeaders(restored, { ...alice, accessToken: a.accessToken }) });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe('1500');
    await tusPatch(onStack(halfwayUrl, restored), restored, { ...alice, accessToken: a.accessToken }, halfway, 1500, halfway.length);

    // Every table holds what the manifest counted (the restore checked it before committing).
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-manifest-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    await unpackArchive(archive, dir);
    const manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), 'utf8')) as Manifest;
    expect(manifest.database).toBe(database);
    expect(manifest.counts.uploadsInProgress).toBe(1);
    // The writer's last file may be stored before the snapshot and its row inserted after it: an
    // object without a document (what the orphan sweep removes), never a document without bytes.
    expect(manifest.counts.objects).toBeGreaterThanOrEqual(4 + duringInArchive.length);
    expect(manifest.counts.objects).toBeLessThanOrEqual(4 + written.length);
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
