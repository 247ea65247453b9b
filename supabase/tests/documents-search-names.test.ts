// Search by file name (issue 21 item 3, ADR 0271), on PGlite and PostgreSQL through supabase-js:
// a name typed as shown — with its dots, dashes and underscores — finds its document, so do any of
// its parts and a prefix while typing, and a name match ranks above documents that only mention
// the words in their text. Accents fold (ADR 0480): "zoe" finds "Zoë", "resume" finds "Résumé".
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRepoRoot } from '../../local-stack/src/config.js';
import type { ManagedDatabase } from '../../local-stack/src/db/request-settings.js';
import { applyMigrations, listMigrations } from '../../local-stack/src/migrations/runner.js';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { createTestUser, type TestUser } from '../../local-stack/test/support/users.js';

interface Hit {
  id: string;
  name: string;
  rank: number;
  snippet: string | null;
  total_count: number | string | null;
}

/** The migration that folds accents (ADR 0480): the suite below also starts an instance without it. */
const ACCENTS_MIGRATION = '20261129600000';

describe.each(databasesSync())('search by file name on %s', (database) => {
  let stack: TestStack;
  let alice: TestUser;
  const ids = new Map<string, string>();

  async function add(name: string, text: string | null = null) {
    const id = randomUUID();
    const { error } = await alice.client
      .from('documents')
      .insert({ id, name, storage_path: `${alice.id}/${id}/f.pdf`, mime_type: 'application/pdf', size: 10, extracted_text: text });
    if (error) throw new Error(`insert failed: ${error.message}`);
    ids.set(name, id);
  }

  beforeAll(async () => {
    stack = await startTestStack({ database });
    alice = await createTestUser(stack, 'alice');
    await add('libtasn1.pdf', 'ASN.1 library manual');
    await add('shared-mime-info-spec.pdf', 'Shared MIME-info Database specification');
    await add('car_insurance_certificate.png');
    await add('Passport – Eleanor Whitfield');
    // Texts that mention the names' words many times, in names that do not.
    await add('Reading list.pdf', 'libtasn1 pdf libtasn1 pdf notes about libtasn1 pdf and libtasn1.pdf');
    await add('Household notes.pdf', 'car insurance certificate png car insurance certificate png car insurance certificate png');
    await add('Stationery.pdf', 'shared mime info spec shared mime info spec');
    // Accents: in a name, and in a text only.
    await add('Passport scan – Zoë (2026).pdf');
    await add('Application.pdf', 'Résumé — work history and references');
    await add('Crème brûlée recipe.pdf');
    await add('Shipping note.pdf', `${'The weather was fine that day. '.repeat(40)}The parcel goes to Curaçao next week.`);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function hits(query: string): Promise<Hit[]> {
    const { data, error } = await alice.client.rpc('search_documents', { query, page_limit: 50 });
    expect(error).toBeNull();
    return data as Hit[];
  }

  async function names(query: string): Promise<string[]> {
    return (await hits(query)).map((h) => h.name);
  }

  it('finds a name typed whole, with its extension, dots, dashes and underscores', async () => {
    expect((await names('libtasn1.pdf'))[0]).toBe('libtasn1.pdf');
    expect((await names('shared-mime-info-spec'))[0]).toBe('shared-mime-info-spec.pdf');
    expect((await names('shared-mime-info-spec.pdf'))[0]).toBe('shared-mime-info-spec.pdf');
    expect((await names('car_insurance_certificate.png'))[0]).toBe('car_insurance_certificate.png');
    expect((await names('Passport – Eleanor Whitfield'))[0]).toBe('Passport – Eleanor Whitfield');
  });

  it('finds a name by any of its parts', async () => {
    expect(await names('mime')).toContain('shared-mime-info-spec.pdf');
    expect(await names('certificate')).toContain('car_insurance_certificate.png');
    expect(await names('insurance certificate')).toContain('car_insurance_certificate.png');
    expect(await names('Whitfield')).toContain('Passport – Eleanor Whitfield');
  });

  it('finds a name by the prefix being typed', async () => {
    expect(await names('libtas')).toEqual(['libtasn1.pdf']);
    expect((await names('car_insurance_cert'))[0]).toBe('car_insurance_certificate.png');
    expect((await names('shared-mime-in'))[0]).toBe('shared-mime-info-spec.pdf');
    expect(await names('Eleanor Whit')).toEqual(['Passport – Eleanor Whitfield']);
    // A finished word (a space typed after it) is a word again, not a prefix.
    expect(await names('libtas ')).toEqual([]);
  });

  it('ranks a name match above documents that only mention the words in their text', async () => {
    expect(await names('libtasn1.pdf')).toEqual(['libtasn1.pdf', 'Reading list.pdf']);
    expect(await names('car insurance certificate')).toEqual(['car_insurance_certificate.png', 'Household notes.pdf']);
    expect(await names('shared mime info spec')).toEqual(['shared-mime-info-spec.pdf', 'Stationery.pdf']);
  });

  it('keeps the person’s own syntax: a quoted phrase and a negated word', async () => {
    expect(await names('"insurance certificate" -household')).toEqual(['car_insurance_certificate.png']);
  });

  it('folds accents: a word typed without them finds the name or text that has them', async () => {
    const zoe = 'Passport scan – Zoë (2026).pdf';
    expect(await names('zoe')).toEqual([zoe]);
    expect(await names('zoe passport')).toEqual([zoe]);
    expect(await names('Zoe Passport')).toEqual([zoe]);
    // As typed with the accent, still.
    expect(await names('zoë')).toEqual([zoe]);
    expect(await names('ZOË 2026')).toEqual([zoe]);
    // The name tier: a name that matches ranks as a name match.
    expect(Number((await hits('zoe'))[0].rank)).toBeGreaterThanOrEqual(1);
    // The name being typed, with or without its accent.
    expect(await names('crè')).toEqual(['Crème brûlée recipe.pdf']);
    expect(await names('recipe cre')).toEqual(['Crème brûlée recipe.pdf']);
    expect(await names('creme brulee')).toEqual(['Crème brûlée recipe.pdf']);
    // A text: found, and its snippet marks the word as written.
    const resume = await hits('resume');
    expect(resume.map((h) => h.name)).toEqual(['Application.pdf']);
    expect(resume[0].snippet).toContain('\u{E000}Résumé\u{E001}');
    expect(await names('résumé')).toEqual(['Application.pdf']);
    // Far into a text: the snippet's window starts at the word, found in the folded text.
    const curacao = await hits('curacao');
    expect(curacao.map((h) => h.name)).toEqual(['Shipping note.pdf']);
    expect(curacao[0].snippet).toContain('\u{E000}Curaçao\u{E001}');
    // Words that are not there still find nothing.
    expect(await names('zoey passport')).toEqual([]);
    expect(await names('resumption')).toEqual([]);
  });
});

/** The repo's supabase/ folder with only the migrations before `version`: an instance from before it. */
function supabaseDirBefore(version: string): string {
  const real = path.join(findRepoRoot(), 'supabase');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-before-accents-'));
  for (const entry of readdirSync(real)) if (entry !== 'migrations') symlinkSync(path.join(real, entry), path.join(dir, entry));
  mkdirSync(path.join(dir, 'migrations'));
  for (const m of listMigrations(path.join(real, 'migrations'))) {
    if (m.version < version) symlinkSync(m.file, path.join(dir, 'migrations', path.basename(m.file)));
  }
  return dir;
}

// A fresh instance (no template), so it takes a while on PGlite.
describe.each(databasesSync())('documents stored before accents folded, on %s', (database) => {
  jest.setTimeout(300_000);
  let stack: TestStack;
  let alice: TestUser;
  let before: string;

  beforeAll(async () => {
    before = supabaseDirBefore(ACCENTS_MIGRATION);
    stack = await startTestStack({ database, overrides: { supabaseDir: before } });
    alice = await createTestUser(stack, 'alice');
    for (const [name, text] of [
      ['Passport scan – Zoë (2026).pdf', null],
      ['Application.pdf', 'Résumé — work history and references'],
    ] as const) {
      const id = randomUUID();
      const { error } = await alice.client
        .from('documents')
        .insert({ id, name, storage_path: `${alice.id}/${id}/f.pdf`, mime_type: 'application/pdf', size: 10, extracted_text: text });
      if (error) throw new Error(`insert failed: ${error.message}`);
    }
    // Then the repository's migrations from the accents one on, as an upgrade applies them.
    const applied = await applyMigrations(stack.db as ManagedDatabase, path.join(findRepoRoot(), 'supabase/migrations'));
    expect(applied.map((m) => m.version)).toContain(ACCENTS_MIGRATION);
  });

  afterAll(async () => {
    await stack?.stop();
    if (before) rmSync(before, { recursive: true, force: true });
  });

  async function names(query: string): Promise<string[]> {
    const { data, error } = await alice.client.rpc('search_documents', { query, page_limit: 50 });
    expect(error).toBeNull();
    return (data as Hit[]).map((h) => h.name);
  }

  it('finds them without accents too', async () => {
    expect(await names('zoe passport')).toEqual(['Passport scan – Zoë (2026).pdf']);
    expect(await names('zoë')).toEqual(['Passport scan – Zoë (2026).pdf']);
    expect(await names('resume')).toEqual(['Application.pdf']);
    expect(await names('zoey')).toEqual([]);
  });
});
