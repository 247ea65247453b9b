// Export everything and re-import (issue 14 §3) with supabase-js against the local stack, on PGlite
// and PostgreSQL: a library of 30 documents is exported as one zip, the library is wiped, and the
// zip is loaded into a fresh account: names, categories, tags, portfolios, dates and bytes match.
import { createHash, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import type { SupabaseClient } from '@supabase/supabase-js';
import { exportLibrary, importLibrary, type DossierArchive } from '../../shared/src/archive/index.js';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { createTestUser, type TestUser } from '../../local-stack/test/support/users.js';

interface Comparable {
  name: string;
  category: string | null;
  portfolio: string | null;
  tags: string[];
  issued_on: string | null;
  expires_on: string | null;
  created_at: string;
  notes: string | null;
  sha256: string;
}

async function library(client: SupabaseClient): Promise<Comparable[]> {
  const { data, error } = await client
    .from('documents')
    .select('id,name,storage_path,issued_on,expires_on,created_at,notes,category:user_document_categories(name),portfolio:portfolios(name),document_tags(tags(name))')
    .is('deleted_at', null);
  if (error) throw error;
  const rows = data as unknown as {
    name: string;
    storage_path: string;
    issued_on: string | null;
    expires_on: string | null;
    created_at: string;
    notes: string | null;
    category: { name: string } | null;
    portfolio: { name: string } | null;
    document_tags: { tags: { name: string } }[];
  }[];
  const out: Comparable[] = [];
  for (const r of rows) {
    const file = await client.storage.from('documents').download(r.storage_path);
    if (file.error) throw file.error;
    out.push({
      name: r.name,
      category: r.category?.name ?? null,
      portfolio: r.portfolio?.name ?? null,
      tags: r.document_tags.map((t) => t.tags.name).sort(),
      issued_on: r.issued_on,
      expires_on: r.expires_on,
      created_at: new Date(r.created_at).toISOString(),
      notes: r.notes,
      sha256: createHash('sha256').update(Buffer.from(await file.data!.arrayBuffer())).digest('hex'),
    });
  }
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.name.localeCompare(b.name));
}

async function seed(user: TestUser): Promise<void> {
  const c = user.client;
  const cats = await c.from('user_document_categories').insert(['Personal ID', 'Tax Documents', 'Medical Records'].map((name) => ({ name, user_id: user.id }))).select('id,name');
  const tags = await c.from('tags').insert([{ name: 'Urgent', color: '#aa0000' }, { name: 'Family', color: '#64748b' }, { name: 'Renew', color: '#0055aa' }]).select('id,name');
  const ports = await c.from('portfolios').insert([{ name: 'Move to Lisbon' }, { name: 'Car: "Golf"' }]).select('id,name');
  if (cats.error || tags.error || ports.error) throw cats.error ?? tags.error ?? ports.error;
  for (let i = 0; i < 30; i++) {
    const id = randomUUID();
    // Same names on purpose: conflicts inside one folder get ' (1)', ' (2)'.
    // One accented name: hosted Storage (and the stack) refuse non-ASCII keys, so the re-import
    // must build its key as an upload does ('Resume - Unicode 7.pdf'), not from the name as is.
    const name = i % 5 === 0 ? 'scan.pdf' : i === 7 ? 'Résumé – Ünïcode 7.pdf' : `document ${i}.pdf`;
    const bytes = Buffer.from(`%PDF-1.4 document ${i} ${randomUUID()} ${'x'.repeat(i * 100)}`);
    const key = `${user.id}/${id}/${i === 7 ? 'resume-7.pdf' : name}`;
    const up = await c.storage.from('documents').upload(key, new Blob([bytes], { type: 'application/pdf' }), { contentType: 'application/pdf' });
    if (up.error) throw up.error;
    const row = await c.from('documents').insert({
      id,
      name,
      storage_path: key,
      mime_type: 'application/pdf',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      category_id: i % 4 === 3 ? null : cats.data![i % 3].id,
      portfolio_id: i % 3 === 0 ? ports.data![i % 2].id : null,
      notes: i % 2 ? `note ${i}, with "quotes"\nand a line` : null,
      issued_on: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
      expires_on: i % 2 ? `2030-06-${String((i % 28) + 1).padStart(2, '0')}` : null,
      created_at: new Date(Date.UTC(2025, 0, 1 + i, 12, 0, 0)).toISOString(),
    });
    if (row.error) throw row.error;
    if (i === 0) {
      const slot = await c.from('portfolio_checklist_items').insert([
        { portfolio_id: ports.data![0].id, label: 'Passport', position: 0, document_id: id },
        { portfolio_id: ports.data![0].id, label: 'Employer letter', position: 1 },
      ]);
      if (slot.error) throw slot.error;
      const link = await c.rpc('create_share_link', { portfolio_id: ports.data![0].id, label: 'Landlord' });
      if (link.error) throw link.error;
    }
    const links = tags.data!.filter((_, t) => (i + t) % 3 === 0).map((t) => ({ document_id: id, tag_id: t.id }));
    if (links.length) {
      const l = await c.from('document_tags').insert(links);
      if (l.error) throw l.error;
    }
  }
}

describe.each(databasesSync())('export everything and re-import on %s', (database) => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ database, overrides: { schedulerTickMs: 0 } });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
  });

  it('exports 30 documents into one zip and a fresh account gets the same library back', async () => {
    const alice = await createTestUser(stack, 'alice');
    await seed(alice);
    const before = await library(alice.client);
    expect(before).toHaveLength(30);

    const chunks: Uint8Array[] = [];
    const progress: number[] = [];
    const { archive, report } = await exportLibrary(alice.client, (chunk) => void chunks.push(chunk), (p) => progress.push(p.done));
    expect(archive.documents).toHaveLength(30);
    expect(report.line).toBe('Exported 30 · Failed 0');
    expect(progress.at(-1)).toBe(archive.documents.reduce((n, d) => n + d.size, 0));
    const zip = Buffer.concat(chunks);

    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual(expect.arrayContaining(['dossier.json', 'documents.csv']));
    const files = Object.keys(entries).filter((f) => f !== 'dossier.json' && f !== 'documents.csv');
    expect(files).toHaveLength(30);
    expect(files.every((f) => /^(Portfolios|Categories)\/[^/]+\/[^/]+$|^Uncategorized\/[^/]+$/.test(f))).toBe(true);
    expect(files).toEqual(expect.arrayContaining(['Portfolios/Move to Lisbon/scan.pdf', 'Categories/Medical Records/scan.pdf', 'Categories/Medical Records/scan (1).pdf', 'Portfolios/Car Golf/document 3.pdf']));
    const manifest = JSON.parse(new TextDecoder().decode(entries['dossier.json'])) as DossierArchive;
    expect(manifest.version).toBe(2);
    expect(manifest.portfolios.find((p) => p.name === 'Move to Lisbon')?.checklist).toEqual([
      { label: 'Passport', document: 'Portfolios/Move to Lisbon/scan.pdf' },
      { label: 'Employer letter', document: null },
    ]);
    expect(manifest.share_links).toEqual([expect.objectContaining({ portfolio: 'Move to Lisbon', label: 'Landlord', views: [] })]);
    expect(JSON.stringify(manifest.share_links)).not.toMatch(/token|password/);
    // Each document's recorded history travels with it, named by its file in the zip.
    expect(manifest.history?.note).toMatch(/Every change Dossier recorded/);
    const changes = manifest.history?.document_changes ?? [];
    expect(changes.filter((c) => c.kind === 'uploaded')).toHaveLength(30);
    expect(changes).toEqual(expect.arrayContaining([expect.objectContaining({ document: 'Portfolios/Move to Lisbon/scan.pdf', kind: 'uploaded', by: alice.email })]));
    expect(changes.every((c) => c.document === null || files.includes(c.document))).toBe(true);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(entries['documents.csv']);
    expect(csv.split('\r\n')[0]).toBe('\uFEFFfile,name,category,portfolio,tags,issued_on,expires_on,created_at,size,mime_type,notes');

    // Wipe: the library is gone (as after an account deletion).
    for (const table of ['documents', 'tags', 'portfolios', 'user_document_categories']) {
      const wiped = await alice.client.from(table).delete().not('id', 'is', null);
      expect(wiped.error).toBeNull();
    }
    expect(await library(alice.client)).toEqual([]);

    const fresh = await createTestUser(stack, 'fresh');
    // The import reads the zip from a Blob (a File in the browser) entry by entry.
    const imported = await importLibrary(fresh.client, new Blob([zip]));
    expect(imported.documents).toBe(30);
    expect(imported.report.line).toBe('Added 30 · Failed 0');
    expect(await library(fresh.client)).toEqual(before);
    const slots = await fresh.client.from('portfolio_checklist_items').select('label,position,documents(name),portfolios(name)').order('position');
    expect(slots.data).toEqual([
      { label: 'Passport', position: 0, documents: { name: 'scan.pdf' }, portfolios: { name: 'Move to Lisbon' } },
      { label: 'Employer letter', position: 1, documents: null, portfolios: { name: 'Move to Lisbon' } },
    ]);
  }, 300_000);

  it('a document that cannot be carried is counted as failed with its reason, the rest goes through, and the retry redoes only it (issue 21 §4)', async () => {
    const carol = await createTestUser(stack, 'carol');
    const kept: string[] = [];
    for (const name of ['passport.pdf', 'lost.pdf']) {
      const id = randomUUID();
      const key = `${carol.id}/${id}/${name}`;
      const bytes = Buffer.from(`%PDF-1.4 ${name}`);
      expect((await carol.client.storage.from('documents').upload(key, new Blob([bytes]), { contentType: 'application/pdf' })).error).toBeNull();
      const row = await carol.client.from('documents').insert({ id, name, storage_path: key, mime_type: 'application/pdf', size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
      expect(row.error).toBeNull();
      kept.push(key);
    }
    // The object of lost.pdf is gone from storage (its row is not).
    expect((await carol.client.storage.from('documents').remove([kept[1]])).error).toBeNull();

    const chunks: Uint8Array[] = [];
    const run = await exportLibrary(carol.client, (chunk) => void chunks.push(chunk));
    expect(run.report.line).toBe('Exported 1 · Failed 1 — Its file is missing from storage.');
    expect(run.failed).toEqual([{ file: 'Uncategorized/lost.pdf', name: 'lost.pdf', reason: 'Its file is missing from storage.' }]);
    // The zip lists exactly what it holds: no entry, no manifest row, no CSV line for lost.pdf.
    const entries = unzipSync(Buffer.concat(chunks));
    expect(Object.keys(entries).sort()).toEqual(['Uncategorized/passport.pdf', 'documents.csv', 'dossier.json']);
    const manifest = JSON.parse(new TextDecoder().decode(entries['dossier.json'])) as DossierArchive;
    expect(manifest.documents.map((d) => d.name)).toEqual(['passport.pdf']);
    expect(new TextDecoder().decode(entries['documents.csv'])).not.toContain('lost.pdf');

    // The file is back: "Export the failed document again" writes a zip of just that one.
    const bytes = Buffer.from('%PDF-1.4 lost.pdf');
    expect((await carol.client.storage.from('documents').upload(kept[1], new Blob([bytes]), { contentType: 'application/pdf' })).error).toBeNull();
    const retried: Uint8Array[] = [];
    const again = await exportLibrary(carol.client, (chunk) => void retried.push(chunk), undefined, { only: new Set(run.failed.map((f) => f.file)) });
    expect(again.report.line).toBe('Exported 1 · Failed 0');
    expect(Object.keys(unzipSync(Buffer.concat(retried))).sort()).toEqual(['Uncategorized/lost.pdf', 'documents.csv', 'dossier.json']);

    // An export whose zip lost one file: the import adds the others and names the one it could not.
    const { zipSync, strToU8 } = await import('fflate');
    const ghost = { ...manifest.documents[0], file: 'Uncategorized/ghost.pdf', name: 'ghost.pdf' };
    const damaged = zipSync({ ...entries, 'dossier.json': strToU8(JSON.stringify({ ...manifest, documents: [...manifest.documents, ghost] })) });
    const dave = await createTestUser(stack, 'dave');
    const imported = await importLibrary(dave.client, damaged);
    expect(imported.documents).toBe(1);
    expect(imported.report.line).toBe('Added 1 · Failed 1 — The zip has no file for it.');
    expect(imported.failed).toEqual([{ file: 'Uncategorized/ghost.pdf', name: 'ghost.pdf', reason: 'The zip has no file for it.' }]);
    // A retry of only the failed ones never adds the others twice.
    const retry = await importLibrary(dave.client, damaged, undefined, { only: new Set(['Uncategorized/ghost.pdf']) });
    expect(retry.report.line).toBe('Added 0 · Failed 1 — The zip has no file for it.');
    expect((await dave.client.from('documents').select('name')).data).toEqual([{ name: 'passport.pdf' }]);
  }, 120_000);

  it('an import makes the checks an upload makes: content type, size, a name that matches the content', async () => {
    const erin = await createTestUser(stack, 'erin');
    const pdf = Buffer.from(`%PDF-1.4\n% erin's lease ${randomUUID()}\n%%EOF\n`);
    const leaseId = randomUUID();
    const key = `${erin.id}/${leaseId}/lease.pdf`;
    expect((await erin.client.storage.from('documents').upload(key, new Blob([pdf]), { contentType: 'application/pdf' })).error).toBeNull();
    expect((await erin.client.from('documents').insert({ id: leaseId, name: 'lease.pdf', storage_path: key, mime_type: 'application/pdf', size: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') })).error).toBeNull();
    const chunks: Uint8Array[] = [];
    await exportLibrary(erin.client, (chunk) => void chunks.push(chunk));
    const entries = unzipSync(Buffer.concat(chunks));
    const manifest = JSON.parse(new TextDecoder().decode(entries['dossier.json'])) as DossierArchive;
    const [lease] = manifest.documents;

    // A zip edited by hand (or made by another tool): a program named .pdf, a file over the limit,
    // and a real PDF that dossier.json calls a web page.
    const program = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);
    const big = Buffer.concat([pdf, Buffer.alloc(4096, 0x20)]);
    const doc = (file: string, name: string, bytes: Buffer, mime_type: string) => ({ ...lease, file, name, size: bytes.length, mime_type, sha256: createHash('sha256').update(bytes).digest('hex') });
    const { zipSync, strToU8 } = await import('fflate');
    const edited = zipSync({
      'dossier.json': strToU8(
        JSON.stringify({
          ...manifest,
          documents: [
            doc(lease.file, lease.name, pdf, 'text/html'),
            doc('Uncategorized/invoice.pdf', 'invoice.pdf', program, 'application/pdf'),
            doc('Uncategorized/big.pdf', 'big.pdf', big, 'application/pdf'),
          ],
        }),
      ),
      [lease.file]: pdf,
      'Uncategorized/invoice.pdf': program,
      'Uncategorized/big.pdf': big,
    });
    const frank = await createTestUser(stack, 'frank');
    const imported = await importLibrary(frank.client, edited, undefined, { maxBytes: 4000 });
    expect(imported.documents).toBe(1);
    expect(imported.failed).toEqual([
      { file: 'Uncategorized/invoice.pdf', name: 'invoice.pdf', reason: '“invoice.pdf” was not uploaded: its content is not a PDF file.' },
      { file: 'Uncategorized/big.pdf', name: 'big.pdf', reason: expect.stringMatching(/^“big\.pdf” was not uploaded: it is larger than the .+ limit\.$/) },
    ]);
    // What the content is, not what the manifest said; and nothing of the refused ones was stored.
    expect((await frank.client.from('documents').select('name, mime_type')).data).toEqual([{ name: 'lease.pdf', mime_type: 'application/pdf' }]);
    const stored = await frank.client.storage.from('documents').list(frank.id);
    expect(stored.data).toHaveLength(1);
  });

  it('refuses a zip that is not a Dossier export and adds nothing', async () => {
    const bob = await createTestUser(stack, 'bob');
    const { zipSync, strToU8 } = await import('fflate');
    await expect(importLibrary(bob.client, zipSync({ 'hello.txt': strToU8('hi') }))).rejects.toThrow('dossier.json is missing');
    expect((await bob.client.from('documents').select('id')).data).toEqual([]);
  });
});
