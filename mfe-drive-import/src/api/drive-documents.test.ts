/** @jest-environment node */
import type { SupabaseClient } from '@supabase/supabase-js';
import { replaceWithNewVersion } from './drive-documents';

/** A fake client answering the RPC with `answer` and recording what Storage was asked to remove. */
function rpcClient(answer: { data: unknown; error: unknown }, removeFails = false) {
  const removed: string[][] = [];
  const calls: Array<{ name: string; args: unknown }> = [];
  const client = {
    rpc: async (name: string, args: unknown) => (calls.push({ name, args }), answer),
    storage: {
      from: (bucket: string) => ({
        remove: async (paths: string[]) => {
          removed.push([bucket, ...paths]);
          if (removeFails) throw new Error('network down');
          return { data: [], error: null };
        },
      }),
    },
  } as unknown as SupabaseClient;
  return { client, removed, calls };
}

describe('replaceWithNewVersion (ADR 0131, ADR 0256)', () => {
  const args = ['old-doc', 'new-doc', 'drive-1', '2026-11-20T00:00:00.000Z'] as const;

  it('replaced: the new version is the document, nothing is removed', async () => {
    const { client, removed, calls } = rpcClient({ data: { outcome: 'replaced', document: { id: 'new-doc', name: 'Policy.pdf' } }, error: null });
    expect(await replaceWithNewVersion(client, ...args)).toEqual({ outcome: 'replaced', document: { id: 'new-doc', name: 'Policy.pdf' } });
    expect(calls).toEqual([{ name: 'drive_replace_document', args: { previous_document: 'old-doc', new_document: 'new-doc', drive_file: 'drive-1', drive_modified: '2026-11-20T00:00:00.000Z' } }]);
    expect(removed).toEqual([]);
  });

  it('already replaced by another device: answers with its document and removes this version\'s file and thumbnail', async () => {
    const { client, removed } = rpcClient({ data: { outcome: 'already_replaced', document: { id: 'laptop-doc', name: 'Policy.pdf' }, removed_objects: ['u/new-doc/Policy.pdf', 'u/new-doc/.thumbs/first-page.png'] }, error: null });
    expect(await replaceWithNewVersion(client, ...args)).toEqual({ outcome: 'already_replaced', document: { id: 'laptop-doc', name: 'Policy.pdf' } });
    expect(removed).toEqual([['documents', 'u/new-doc/Policy.pdf', 'u/new-doc/.thumbs/first-page.png']]);
  });

  it('already replaced, and removing the object fails: still already replaced (the orphan sweep takes the object)', async () => {
    const { client } = rpcClient({ data: { outcome: 'already_replaced', document: { id: 'laptop-doc', name: 'Policy.pdf' }, removed_objects: ['u/new-doc/Policy.pdf', 'u/new-doc/.thumbs/first-page.png'] }, error: null }, true);
    expect((await replaceWithNewVersion(client, ...args)).outcome).toBe('already_replaced');
  });

  it('a refusal is thrown with its code and message (the dialog says the old version could not be moved)', async () => {
    const refusal = { code: 'P0002', message: 'The previous version of this Drive file was not found' };
    const { client, removed } = rpcClient({ data: null, error: refusal });
    await expect(replaceWithNewVersion(client, ...args)).rejects.toMatchObject({ name: 'DataError', code: 'P0002', message: refusal.message, cause: refusal });
    expect(removed).toEqual([]);
  });
});
