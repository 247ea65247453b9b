import { settleDepartedUploads } from './departed-uploads';

describe('settleDepartedUploads', () => {
  it('calls a row stored when the library has its document (another tab replayed it)', async () => {
    const settled: [string, string][] = [];
    await settleDepartedUploads(['a'], new Set(), async (id) => id === 'a', (id, outcome) => settled.push([id, outcome]));
    expect(settled).toEqual([['a', 'stored']]);
  });

  it('calls a row dropped when the library has no such document', async () => {
    const settled: [string, string][] = [];
    await settleDepartedUploads(['b'], new Set(), async () => false, (id, outcome) => settled.push([id, outcome]));
    expect(settled).toEqual([['b', 'dropped']]);
  });

  it('leaves rows whose operation is still queued alone and does not ask about them', async () => {
    const asked: string[] = [];
    const settled: string[] = [];
    await settleDepartedUploads(
      ['queued', 'gone'],
      new Set(['queued']),
      async (id) => {
        asked.push(id);
        return true;
      },
      (id) => settled.push(id),
    );
    expect(asked).toEqual(['gone']);
    expect(settled).toEqual(['gone']);
  });

  it('does not claim a file is stored when the lookup fails', async () => {
    const settled: [string, string][] = [];
    await settleDepartedUploads(['c'], new Set(), () => Promise.reject(new Error('offline')), (id, outcome) => settled.push([id, outcome]));
    expect(settled).toEqual([['c', 'dropped']]);
  });
});
