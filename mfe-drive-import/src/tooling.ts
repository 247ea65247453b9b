// The area's second door, for Node tools only (issue 23 §4): what bench/drive.ts runs of Drive
// import, and nothing else. The browser never loads it (the one door of the app is
// remote-entry.ts). Lint refuses any other import of this area's sources from bench/
// (eslint.config.mjs, "Benchmarks").
export { DriveClient } from './drive/drive-client';
export { IMPORT_CONCURRENCY, IMPORT_WINDOW, downloadFeed, expectedChecksums, planImport, type ImportItem } from './features/import/drive-import';
