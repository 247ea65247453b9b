// Every unit and contract test in one Jest run (`npm run test:fast`): one process and one worker
// pool instead of a Jest start per project. Each project keeps its own config (environment,
// setup), so `nx test <project>` runs the same tests alone. The platform tests (local-stack) are
// not here: they boot a stack and have their own runner (docs/testing-tiers.md).
const projects = ['shell', 'mfe-documents', 'mfe-portfolios', 'mfe-drive-import', 'mfe-account', 'mfe-debug', 'shared', 'tools'];

module.exports = { projects: projects.map((project) => `<rootDir>/${project}/jest.config.cjs`) };
