/** @jest-environment node */
import 'fake-indexeddb/auto';
import { openOfflineDb } from '../pending-operations';
import { listSharedItems, readSharedItem, removeSharedItem, sharedItemFromAddress } from './shared-items';

describe('shared items', () => {
  it('reads what the service worker stored, files included, until removed', async () => {
    const dbName = 'shared-items-test';
    const db = await openOfflineDb(dbName);
    const file = new File(['scan'], 'insurance.pdf', { type: 'application/pdf' });
    await db.put('shared-items', { id: 's1', receivedAt: 1, title: 'Policy', files: [file] });
    db.close();

    const item = await readSharedItem('s1', dbName);
    expect(item?.title).toBe('Policy');
    expect(await item?.files[0].text()).toBe('scan');
    expect((await listSharedItems(dbName)).map((i) => i.id)).toEqual(['s1']);
    await removeSharedItem('s1', dbName);
    expect(await listSharedItems(dbName)).toEqual([]);
  });

  it('takes title, text and link from a share that came without the worker', () => {
    expect(sharedItemFromAddress('?title=Lease&text=Signed%20copy&url=https%3A%2F%2Fexample.com')).toEqual({
      title: 'Lease',
      text: 'Signed copy',
      url: 'https://example.com',
      files: [],
    });
    expect(sharedItemFromAddress('?shared=abc')).toBeNull();
  });
});
