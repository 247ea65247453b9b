// The end-to-end suite's door for Node tools (eslint.config.mjs, "Benchmarks"; issue 23 §4), as
// mfe-*/src/tooling.ts are the areas': `npm run bench:load` measures a page load exactly as
// load-budget.spec.ts does (issue 24), so the measure, and the environment and the signed-up person
// it needs, have one home here and the benchmark imports nothing else of the suite.
export { startEnvironment } from './environment';
export { seedAcceptedConsent, seedSession, signUpFreshUser, type SignedInUser } from './signed-in-session';
export { FIRST_ROW, collectScripts, loadFigures, seedDocumentRows, watchFirstRow, type LoadFigures } from './load-figures';
