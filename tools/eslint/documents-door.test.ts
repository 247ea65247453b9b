import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lintAs, root } from './run-eslint';

/**
 * The documents door's lint (tools/eslint/documents-door.mjs) run by the workspace's own ESLint
 * config on fixtures given on stdin: nothing is written into a real area's sources.
 */

/** Lints `source` as if it were the file at `file`; the door rule's complaints. */
const doorComplaints = (file: string, source: string) => lintAs(file, source, ['no-restricted-syntax']).map((m) => m.message);

const FIXTURE = `import type { SupabaseClient } from '@supabase/supabase-js';

export async function sneak(client: SupabaseClient, DOCUMENTS_BUCKET: string) {
  await client.from('documents').select('id');
  await client.storage.from('documents').download('a');
  await client.from(\`documents\`).select('id');
  await client.storage.from(DOCUMENTS_BUCKET).remove(['a']);
  await client.from('portfolios').select('id');
}
`;

describe('lint: the documents table and bucket are named only by the documents door', () => {
  jest.setTimeout(120_000);

  it("refuses .from('documents') and storage.from('documents') in an area's code", () => {
    const complaints = doorComplaints('mfe-drive-import/src/api/door-probe.ts', FIXTURE);
    expect(complaints).toHaveLength(4);
    expect(complaints[0]).toMatch(/documents door/);
  });

  it('refuses it in shared code too', () => {
    expect(doorComplaints('shared/src/archive/door-probe.ts', FIXTURE)).toHaveLength(4);
  });

  it('refuses the raw table and bucket in Drive import, which uses the door’s lookups only', () => {
    const raw = `import { documentsBucket, documentsTable, findImported } from '@dossier/shared/core';\nexport { documentsBucket, documentsTable, findImported };\n`;
    expect(doorComplaints('mfe-drive-import/src/api/door-probe.ts', raw)).toHaveLength(2);
    expect(doorComplaints('mfe-drive-import/src/api/door-probe.ts', FIXTURE)).toHaveLength(4);
    expect(doorComplaints('mfe-portfolios/src/api/door-probe.ts', raw)).toEqual([]);
  });

  it('lets the door itself name them', () => {
    const door = 'shared/src/core/documents/documents-door.ts';
    expect(doorComplaints(door, readFileSync(path.join(root, door), 'utf8'))).toEqual([]);
  });
});
