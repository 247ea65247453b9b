#!/usr/bin/env node
// Runs before `npm start`, `npm run dev` and `npm test` (pre-scripts). Dossier runs on Node.js 24,
// which `npm install` brings as node_modules/.bin/node (the node-<os>-<cpu> optional packages,
// docs/decisions/0142); npm scripts put that directory first on PATH. When this platform has no
// such package and the machine's Node is older than 22, say so instead of failing later.
const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    `Dossier needs Node.js 22 or newer; this is ${process.version}.\n` +
      `npm install brings Node 24 for Linux (x64, arm64), Windows x64 and macOS x64 as node_modules/.bin/node;\n` +
      `for ${process.platform}-${process.arch} there is none on the npm registry: install Node 24 (e.g. \`nvm install 24\`), then run the command again.`,
  );
  process.exit(1);
}
