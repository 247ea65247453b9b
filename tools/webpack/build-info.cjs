// What a build inlines about itself (shared/src/build, imported as `@dossier/build`): the
// contract version it is compiled against and what it needs of each shared singleton. Read from
// the sources — never from the shared singleton at runtime, which is the shell's copy.
// See docs/decisions/0032.
const fs = require('node:fs');
const path = require('node:path');
const { sharedSingletons } = require('./shared-singletons.cjs');

/** CONTRACT_VERSION as written in shared/src/contract/remote-module.ts. */
function contractVersion(root) {
  const source = fs.readFileSync(path.join(root, 'shared/src/contract/remote-module.ts'), 'utf8');
  const match = /export const CONTRACT_VERSION = '(\d+\.\d+\.\d+)'/.exec(source);
  if (!match) throw new Error('CONTRACT_VERSION not found in shared/src/contract/remote-module.ts');
  return match[1];
}

/**
 * `DOSSIER_BUILD_CONTRACT_VERSION` builds against another contract version than the sources say
 * (the e2e suite deploys such a remote to prove the shell refuses it).
 */
function buildInfo(root, env = process.env) {
  const shared = sharedSingletons(root);
  const sharedRequirements = {};
  const sharedVersions = {};
  for (const [name, options] of Object.entries(shared)) {
    if (name.endsWith('/')) continue;
    sharedRequirements[name] = options.requiredVersion;
    sharedVersions[name] = options.version ?? options.requiredVersion.replace(/^\^/, '');
  }
  return {
    contractVersion: env.DOSSIER_BUILD_CONTRACT_VERSION || contractVersion(root),
    release: env.DOSSIER_RELEASE || 'local',
    sharedRequirements,
    sharedVersions,
  };
}

/** The DefinePlugin definitions for `@dossier/build` (shared/src/build/index.ts). */
function buildDefinitions(root, env = process.env) {
  const info = buildInfo(root, env);
  return {
    'process.env.DOSSIER_RELEASE': JSON.stringify(info.release),
    'process.env.DOSSIER_CONTRACT_VERSION': JSON.stringify(info.contractVersion),
    'process.env.DOSSIER_SHARED_REQUIREMENTS': JSON.stringify(JSON.stringify(info.sharedRequirements)),
    'process.env.DOSSIER_SHARED_VERSIONS': JSON.stringify(JSON.stringify(info.sharedVersions)),
  };
}

/** The same values as environment variables (Jest, where there is no DefinePlugin). */
function buildEnvironment(root, env = process.env) {
  const info = buildInfo(root, env);
  return {
    DOSSIER_CONTRACT_VERSION: info.contractVersion,
    DOSSIER_SHARED_REQUIREMENTS: JSON.stringify(info.sharedRequirements),
    DOSSIER_SHARED_VERSIONS: JSON.stringify(info.sharedVersions),
  };
}

module.exports = { buildInfo, buildDefinitions, buildEnvironment, contractVersion };
