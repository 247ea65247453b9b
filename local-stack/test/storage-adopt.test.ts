import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalBackend } from '../src/storage/local-backend';

// A resumable upload's complete file becomes its object by a move, durably (ADR 0235): the bytes
// are fsynced before the rename, then the directories the name lives in — as put() does for a copy.
describe('local storage backend: adopting a complete upload', () => {
  it('moves the file into place: its bytes synced first, then the new name and its directories', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dossier-adopt-'));
    try {
      const root = path.join(dir, 'storage');
      const source = path.join(dir, 'upload.bin');
      writeFileSync(source, 'the whole upload');
      const synced: string[] = [];
      const backend = createLocalBackend(root, { onSync: (p) => synced.push(p) });
      await backend.adopt!('documents/u1/d1/a.pdf/v1', source);
      expect(synced).toEqual([
        source,
        path.join(root, 'documents', 'u1', 'd1', 'a.pdf'),
        path.join(root, 'documents', 'u1', 'd1'),
        path.join(root, 'documents', 'u1'),
        path.join(root, 'documents'),
        root,
      ]);
      expect(existsSync(source)).toBe(false);
      expect(readFileSync(path.join(root, 'documents', 'u1', 'd1', 'a.pdf', 'v1'), 'utf8')).toBe('the whole upload');
      expect(await backend.exists('documents/u1/d1/a.pdf/v1')).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
