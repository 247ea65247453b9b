// The area's second door, for Node tools only (issue 23 §4): what the benchmarks in bench/ and
// scripts/bench-analysis.ts run of this area, and nothing else. The browser never loads it (the
// one door of the app is remote-entry.ts); the features' index.ts files are the doors between
// features and carry their React components and stylesheets, which Node cannot load. Lint refuses
// any other import of this area's sources from bench/ (eslint.config.mjs, "Benchmarks").

// Analysis (issue 15): the rules, the classifier, how a suggestion is offered, the dates, the
// deskew/crop step, and the labelled corpus the unit tests and the benchmark share.
export { scoreCategories } from './features/analysis/category-rules';
export { rankCategories, trainClassifier, type Classifier } from './features/analysis/classifier';
export { offerOf } from './features/analysis/suggestion-offer';
export { findKeyDates } from './features/analysis/key-dates';
export { applyPlan, planChangesImage, planPreprocessing, type RgbaImage } from './features/analysis/image-preprocessing';
export { corpus, random, splitFiled, uncategorised, type LabelledDocument } from './features/analysis/testing/labelled-corpus';

// Upload (the import pipeline Drive import feeds) and the data access it stores through.
export { findDuplicates, insertDocument } from './api/documents';
export { uploadObject } from './api/storage';
export { FEED_WINDOW, IMPORT_UPLOAD_CONCURRENCY } from './features/upload/feed-uploads';
export { importFiles, importIntake, importUploadManager, lookUpChecksums, whenSettled } from './features/upload/import-pipeline';
export type { DocumentStore } from './features/upload/store-document';
