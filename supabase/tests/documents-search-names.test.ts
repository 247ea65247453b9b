// Search by file name (issue 21 item 3, ADR 0271), on PGlite and PostgreSQL through supabase-js:
// a name typed as shown — with its dots, dashes and underscores — finds its document, so do any of
// its parts and a prefix while typing, and a name match ranks above documents that only mention
// the words in their text.
import { randomUUID } from 'node:crypto';
import { databasesSync, startTestStack, type TestStack } from '../../local-stack/test/support/test-stack.js';
import { createTestUser, type TestUser } from '../../local-stack/test/support/users.js';

interface Hit {
  id: string;
  name: string;
  rank: number;
  total_count: number | string | null;
}

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
  });

  afterAll(async () => {
    await stack?.stop();
  });

  async function names(query: string): Promise<string[]> {
    const { data, error } = await alice.client.rpc('search_documents', { query, page_limit: 50 });
    expect(error).toBeNull();
    return (data as Hit[]).map((h) => h.name);
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
});
