// Analysis settings (issue 15 §1/§2, ADR 0201), on PGlite and PostgreSQL, through supabase-js and
// raw HTTP with two people: each person saves and reads only their own auto-apply threshold and OCR
// languages; the defaults (no row) are off and English only; nonsense values are refused.
import { randomUUID } from 'node:crypto';
import { databasesSync } from '../../local-stack/test/support/test-stack.js';
import { withPeople } from '../../local-stack/test/support/users.js';

describe.each(databasesSync())('analysis settings on %s', (database) => {
  const people = withPeople(database);

  it('is off by default, saved by upsert, and private to its person', async () => {
    const { stack, alice, bob } = people();
    expect((await alice.client.from('analysis_settings').select('*')).data).toEqual([]);
    const saved = await alice.client
      .from('analysis_settings')
      .upsert({ user_id: alice.id, auto_apply_threshold: 0.8, ocr_languages: ['fra'], updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
    expect(saved.error).toBeNull();
    const again = await alice.client
      .from('analysis_settings')
      .upsert({ user_id: alice.id, auto_apply_threshold: 0.9, ocr_languages: ['fra', 'deu'], updated_at: new Date().toISOString() }, { onConflict: 'user_id' });
    expect(again.error).toBeNull();
    const mine = await alice.client.from('analysis_settings').select('auto_apply_threshold,ocr_languages');
    expect(mine.data).toEqual([{ auto_apply_threshold: 0.9, ocr_languages: ['fra', 'deu'] }]);

    // Bob sees nothing of Alice's, over raw HTTP too, and cannot change or write hers.
    const raw = await fetch(`${stack.url}/rest/v1/analysis_settings?select=*`, { headers: { apikey: stack.anonKey, Authorization: `Bearer ${bob.accessToken}` } });
    expect(raw.status).toBe(200);
    expect(await raw.json()).toEqual([]);
    const patch = await fetch(`${stack.url}/rest/v1/analysis_settings?user_id=eq.${alice.id}`, {
      method: 'PATCH',
      headers: { apikey: stack.anonKey, Authorization: `Bearer ${bob.accessToken}`, 'Content-Type': 'application/json', Prefer: 'return=representation' },
      body: JSON.stringify({ auto_apply_threshold: 0.5 }),
    });
    expect(await patch.json()).toEqual([]);
    const forged = await bob.client.from('analysis_settings').insert({ user_id: alice.id, auto_apply_threshold: 0.5 });
    expect(forged.error).not.toBeNull();
    const anon = await fetch(`${stack.url}/rest/v1/analysis_settings?select=*`, { headers: { apikey: stack.anonKey } });
    expect(anon.ok ? await anon.json() : []).toEqual([]);
    expect((await alice.client.from('analysis_settings').select('auto_apply_threshold')).data).toEqual([{ auto_apply_threshold: 0.9 }]);
  });

  it('refuses thresholds outside 0.5…0.99 and languages it does not serve', async () => {
    const { bob } = people();
    for (const row of [{ auto_apply_threshold: 0.2 }, { auto_apply_threshold: 1.5 }, { ocr_languages: ['klingon'] }]) {
      const result = await bob.client.from('analysis_settings').upsert({ user_id: bob.id, ...row }, { onConflict: 'user_id' });
      expect(result.error).not.toBeNull();
    }
    const off = await bob.client.from('analysis_settings').upsert({ user_id: bob.id, auto_apply_threshold: null, ocr_languages: [] }, { onConflict: 'user_id' });
    expect(off.error).toBeNull();
  });

  it('serves the classifier its own filing only: the embedded selects it trains from (ADR 0200)', async () => {
    const { alice, bob } = people();
    const category = await alice.client.from('user_document_categories').insert({ user_id: alice.id, name: 'Car' }).select('id').single();
    expect(category.error).toBeNull();
    const tag = await alice.client.from('tags').insert({ name: 'Volvo', color: '#2563eb' }).select('id').single();
    expect(tag.error).toBeNull();
    const id = randomUUID();
    const doc = await alice.client.from('documents').insert({
      id, name: 'garage.pdf', storage_path: `${alice.id}/${id}/garage.pdf`, mime_type: 'application/pdf', size: 10,
      category_id: category.data?.id, extracted_text: 'Volvo service at Hill Garage', extraction_status: 'done',
    });
    expect(doc.error).toBeNull();
    expect((await alice.client.from('document_tags').insert({ document_id: id, tag_id: tag.data?.id })).error).toBeNull();

    const filing = await alice.client.from('documents').select('id,category_id,document_tags(tag_id)').eq('user_id', alice.id).eq('extraction_status', 'done').is('deleted_at', null);
    expect(filing.error).toBeNull();
    expect(filing.data).toEqual([{ id, category_id: category.data?.id, document_tags: [{ tag_id: tag.data?.id }] }]);
    const texts = await alice.client.from('documents').select('id,extracted_text,user_document_categories(name),document_tags(tags(name))').eq('user_id', alice.id).in('id', [id]);
    expect(texts.error).toBeNull();
    expect(texts.data).toEqual([{ id, extracted_text: 'Volvo service at Hill Garage', user_document_categories: { name: 'Car' }, document_tags: [{ tags: { name: 'Volvo' } }] }]);
    // Bob's classifier, asking the same way, gets nothing of Alice's.
    const bobs = await bob.client.from('documents').select('id,extracted_text,user_document_categories(name),document_tags(tags(name))').eq('user_id', bob.id);
    expect(bobs.data).toEqual([]);
  });
});
