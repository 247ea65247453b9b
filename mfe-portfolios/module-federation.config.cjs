// The one door of this remote (docs/conventions.md): './Module' -> src/remote-entry.ts.
// Name, port and title come from the one registry of remotes (docs/decisions/0140).
const { container, port, title } = require('../shared/src/contract/registry.json').remotes.portfolios;
module.exports = { name: container, port, title };
