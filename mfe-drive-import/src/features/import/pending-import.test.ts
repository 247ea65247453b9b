import type { DriveFile } from '../../drive/drive-client';
import { readPendingImport, settle, writePendingImport } from './pending-import';

const file = (id: string): DriveFile => ({ id, name: `${id}.pdf`, mimeType: 'application/pdf', modifiedTime: '2026-11-01T00:00:00.000Z', parents: ['root'] }) as DriveFile;

describe('a Drive import that survives a reload', () => {
  beforeEach(() => window.localStorage.clear());

  it('is kept per person until every file is settled, then forgotten', () => {
    const pending = { files: [file('a1'), file('b2'), file('c3')], replaces: { b2: 'doc-old' }, startedAt: 5 };
    writePendingImport(window.localStorage, 'ada', pending);
    expect(readPendingImport(window.localStorage, 'ada')).toEqual(pending);
    expect(readPendingImport(window.localStorage, 'bob')).toBeNull();

    const rest = settle(pending, new Set(['b2']));
    expect(rest).toEqual({ files: [file('a1'), file('c3')], replaces: {}, startedAt: 5 });
    writePendingImport(window.localStorage, 'ada', settle(rest, new Set(['a1', 'c3'])));
    expect(readPendingImport(window.localStorage, 'ada')).toBeNull();
  });

  it('ignores a damaged record', () => {
    window.localStorage.setItem('dossier-drive-import-pending:ada', '{not json');
    expect(readPendingImport(window.localStorage, 'ada')).toBeNull();
    window.localStorage.setItem('dossier-drive-import-pending:ada', JSON.stringify({ files: [] }));
    expect(readPendingImport(window.localStorage, 'ada')).toBeNull();
  });
});
