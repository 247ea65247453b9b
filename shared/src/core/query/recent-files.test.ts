import { recallRecentFile, recentFilesToEvict, rememberRecentFile, RECENT_FILE_MAX_BYTES, RECENT_FILES_MAX, RECENT_FILES_TOTAL_BYTES, type RecentFile, type RecentFileStore } from './recent-files';

function memoryStore(): RecentFileStore & { map: Map<string, RecentFile> } {
  const map = new Map<string, RecentFile>();
  return {
    map,
    all: async () => [...map.values()],
    get: async (key) => map.get(key),
    put: async (key, file) => void map.set(key, file),
    delete: async (key) => void map.delete(key),
    clear: async () => map.clear(),
  };
}

const blobOf = (size: number) => ({ size }) as Blob;

describe('recently opened files for offline previews', () => {
  it('keeps the last 20 opened and forgets the oldest', async () => {
    const store = memoryStore();
    let now = 0;
    for (let i = 0; i < RECENT_FILES_MAX + 3; i += 1) await rememberRecentFile('ana', `ana/${i}.pdf`, blobOf(100), { store, now: () => (now += 1) });
    expect(store.map.size).toBe(RECENT_FILES_MAX);
    expect(await recallRecentFile('ana', 'ana/0.pdf', { store })).toBeUndefined();
    expect(await recallRecentFile('ana', `ana/${RECENT_FILES_MAX + 2}.pdf`, { store })).toBeDefined();
  });

  it('refuses a file over the size cap and keeps the total under its bound', async () => {
    const store = memoryStore();
    expect(await rememberRecentFile('ana', 'ana/huge.pdf', blobOf(RECENT_FILE_MAX_BYTES + 1), { store })).toBe(false);
    expect(store.map.size).toBe(0);
    const files: RecentFile[] = [0, 1, 2, 3, 4, 5].map((i) => ({ userId: 'ana', path: `p${i}`, blob: blobOf(RECENT_FILE_MAX_BYTES), size: RECENT_FILE_MAX_BYTES, openedAt: i }));
    const evicted = recentFilesToEvict(files);
    expect(evicted.map((file) => file.path)).toEqual(['p0']);
    expect(6 - evicted.length).toBeLessThanOrEqual(RECENT_FILES_TOTAL_BYTES / RECENT_FILE_MAX_BYTES);
  });

  it('never gives one person the file another person opened on the device', async () => {
    const store = memoryStore();
    await rememberRecentFile('ana', 'shared/path.pdf', blobOf(10), { store });
    expect(await recallRecentFile('ben', 'shared/path.pdf', { store })).toBeUndefined();
    expect(await recallRecentFile('ana', 'shared/path.pdf', { store })).toBeDefined();
  });
});
