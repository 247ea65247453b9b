// The documents door (issue 23, shared/src/core/documents/documents-door.ts): the one module that
// names the `documents` table and bucket. Product code anywhere else reaches documents through
// it (documentsTable, documentsBucket, the lookups), so keys, duplicate checks and errors have
// one home. Tests, the platform (local-stack), Edge Functions and benchmarks are not product
// browser code and may seed or inspect the table directly.

export const DOCUMENTS_DOOR = 'shared/src/core/documents/documents-door.ts';

/** Files still allowed to name the table themselves while they move behind the door: empty now; keep it shrinking. */
export const DOCUMENTS_DOOR_ALLOW_LIST = [];

const message = "Reach documents through the documents door (documentsTable / documentsBucket from '@dossier/shared/core'), not .from('documents').";

const fromDocuments = (argument) => ({ selector: `CallExpression[callee.property.name='from'][arguments.0${argument}]`, message });

const doorSelectors = [
  // client.from('documents'), client.storage.from('documents'), and the template-literal spelling
  fromDocuments(".value='documents'"),
  fromDocuments(".quasis.0.value.raw='documents'"),
  // a constant of the door's own names used to get around the literal
  fromDocuments('.name=/^DOCUMENTS_(TABLE|BUCKET)$/'),
];

export const documentsDoorConfig = {
  files: ['shared/src/**/*.ts', 'shared/src/**/*.tsx', 'shell/src/**/*.ts', 'shell/src/**/*.tsx', 'mfe-*/src/**/*.ts', 'mfe-*/src/**/*.tsx'],
  ignores: [DOCUMENTS_DOOR, ...DOCUMENTS_DOOR_ALLOW_LIST, '**/*.test.ts', '**/*.test.tsx', 'shared/src/testing/**'],
  rules: {
    'no-restricted-syntax': ['error', ...doorSelectors],
  },
};

/**
 * Areas that only use documents (Drive import) go through the door's named lookups, never its raw
 * table or bucket: a query built there would be a second home for documents' columns and keys.
 */
export const DOOR_LOOKUPS_ONLY = ['mfe-drive-import/src/**/*.ts', 'mfe-drive-import/src/**/*.tsx'];

export const documentsDoorLookupsConfig = {
  files: DOOR_LOOKUPS_ONLY,
  ignores: ['**/*.test.ts', '**/*.test.tsx'],
  rules: {
    // Repeats the door's selectors: a later block's setting of a rule replaces the earlier one.
    'no-restricted-syntax': [
      'error',
      ...doorSelectors,
      {
        selector: "ImportSpecifier[imported.name=/^documents(Table|Bucket)$/]",
        message: 'Drive import reaches documents through the door’s lookups (findImported, readDocumentFile, removeDocumentObjects, …), not its raw table or bucket.',
      },
    ],
  },
};
