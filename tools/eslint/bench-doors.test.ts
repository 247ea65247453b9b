import path from 'node:path';
import { eslint, root } from './run-eslint';

/**
 * Benchmarks import only public entry points (issue 23 §4; eslint.config.mjs, "Benchmarks"): the
 * workspace's own ESLint config run on fixtures given on stdin as if they were files in bench/, so
 * nothing is written into bench/.
 */


const DOOR_RULES = ['no-restricted-imports', 'no-restricted-syntax'];

/** The lines of `source`, linted as `file` (bench/door-probe.ts), that the bench-doors rules refuse. */
function refusedLines(source: string, file = 'bench/door-probe.ts'): number[] {
  const [result] = eslint(['--stdin', '--stdin-filename', file], source);
  return result!.messages.filter((m) => DOOR_RULES.includes(m.ruleId ?? '')).map((m) => m.line);
}

describe('lint: benchmarks import only public entry points', () => {
  jest.setTimeout(120_000);

  it("refuses an area's internals, the e2e suite, shared's files and the platform's tests", () => {
    const reachingIn = [
      "import { scoreCategories } from '../mfe-documents/src/features/analysis/category-rules';",
      "import type { LabelledDocument } from '../mfe-documents/src/features/analysis/testing/labelled-corpus';",
      "import { findDuplicates } from '../mfe-documents/src/api/documents.js';",
      "export { DriveClient } from '../mfe-drive-import/src/drive/drive-client.js';",
      "import { makePdf } from '../e2e/fixtures/documents/make-files';",
      "import { findImported } from '../shared/src/core/documents/documents-door.js';",
      "import { documentsTable } from '@dossier/shared/core/documents';",
      "import '../local-stack/test/search.test';",
      "export const later = () => import('../mfe-drive-import/src/features/import/drive-import.js');",
      "export const fixture = () => import('../e2e/fixtures/documents/make-files');",
    ];
    const source = [...reachingIn, 'export { scoreCategories, findDuplicates, makePdf, findImported, documentsTable };', 'export type { LabelledDocument };', ''].join('\n');
    expect(refusedLines(source)).toEqual(reachingIn.map((_, i) => i + 1));
  });

  it("lets a benchmark use the areas' doors for tools, shared's entries and the platform", () => {
    const source = [
      "import { scoreCategories, type LabelledDocument } from '../mfe-documents/src/tooling';",
      "import { DriveClient } from '../mfe-drive-import/src/tooling.js';",
      "import { findImported } from '@dossier/shared/core';",
      "import { writePdf } from '../local-stack/src/content/pdf.js';",
      "import { createTestUser } from '../local-stack/test/support/users.js';",
      "import { loadFigures } from '../e2e/support/tooling';",
      "export const browser = () => import('@playwright/test');",
      'export { scoreCategories, DriveClient, findImported, writePdf, createTestUser, loadFigures };',
      'export type { LabelledDocument };',
      '',
    ].join('\n');
    expect(refusedLines(source)).toEqual([]);
  });

  it('holds the benchmarks\' entry scripts (scripts/bench-*.ts) to the same doors', () => {
    const source = [
      "import { startEnvironment } from '../e2e/support/environment';",
      "import { corpus } from '../mfe-documents/src/features/analysis/testing/corpus';",
      "import { corpus as c } from '../mfe-documents/src/tooling';",
      "import { loadFigures } from '../e2e/support/tooling';",
      'export { startEnvironment, corpus, c, loadFigures };',
      '',
    ].join('\n');
    expect(refusedLines(source, 'scripts/bench-probe.ts')).toEqual([1, 2]);
  });

  it('holds for the benchmarks as they are', () => {
    const complaints = eslint(['bench', 'scripts/bench-*.ts']).flatMap((r) => r.messages.filter((m) => DOOR_RULES.includes(m.ruleId ?? '')).map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`));
    expect(complaints).toEqual([]);
  });
});
