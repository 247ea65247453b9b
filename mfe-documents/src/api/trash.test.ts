/** @jest-environment node */
import type { SupabaseClient } from '@supabase/supabase-js';
import { deletePermanently, purgeExpiredTrash } from './trash';

/** A supabase-js look-alike recording storage removals and row deletions, able to fail either. */
function fakeClient(fail: { remove?: boolean; delete?: boolean } = {}, expired: Array<{ id: string; storage_path: string }> = []) {
  const calls: string[] = [];
  const client = {
    rpc: async (name: string) => ({ data: name === 'expired_trash' ? expired : null, error: null, status: 200 }),
    storage: {
      from: () => ({
        remove: async (paths: string[]) => {
          calls.push(`remove ${paths.join(',')}`);
          return fail.remove ? { data: null, error: { message: 'storage down' } } : { data: [], error: null };
        },
      }),
    },
    from: () => ({
      delete: () => ({
        in: async (_column: string, ids: string[]) => {
          calls.push(`delete ${ids.join(',')}`);
          return fail.delete ? { error: { message: 'db down', code: 'XX000' }, status: 500 } : { error: null, status: 204 };
        },
      }),
    }),
  };
  return { client: client as unknown as SupabaseClient, calls };
}

const items = [
  { id: 'd1', storage_path: 'u/d1/a.pdf' },
  { id: 'd2', storage_path: 'u/d2/b.pdf' },
];

describe('permanent delete', () => {
  it('removes the objects first, then the rows', async () => {
    const { client, calls } = fakeClient();
    await deletePermanently(client, items);
    expect(calls).toEqual(['remove u/d1/a.pdf,u/d2/b.pdf', 'delete d1,d2']);
  });

  it('keeps the rows when the objects cannot be removed (nothing is left pointing nowhere)', async () => {
    const { client, calls } = fakeClient({ remove: true });
    await expect(deletePermanently(client, items)).rejects.toThrow();
    expect(calls).toEqual(['remove u/d1/a.pdf,u/d2/b.pdf']);
  });

  it('purges what expired_trash lists and reports how many', async () => {
    const { client, calls } = fakeClient({}, items);
    await expect(purgeExpiredTrash(client)).resolves.toBe(2);
    expect(calls).toEqual(['remove u/d1/a.pdf,u/d2/b.pdf', 'delete d1,d2']);
  });
});
