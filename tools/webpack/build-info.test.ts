import path from 'node:path';
import { readFileSync } from 'node:fs';

interface BuildInfo {
  contractVersion: string;
  sharedRequirements: Record<string, string>;
  sharedVersions: Record<string, string>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildDefinitions, buildInfo } = require('./build-info.cjs') as {
  buildInfo(root: string, env: NodeJS.ProcessEnv): BuildInfo;
  buildDefinitions(root: string, env: NodeJS.ProcessEnv): Record<string, string>;
};

const root = path.resolve(__dirname, '../..');
const CONTRACT_VERSION = /CONTRACT_VERSION = '([^']+)'/.exec(readFileSync(path.join(root, 'shared/src/contract/remote-module.ts'), 'utf8'))![1];

describe('what a build inlines about itself (@dossier/build)', () => {
  it('reads the contract version from the contract source', () => {
    expect(buildInfo(root, {}).contractVersion).toBe(CONTRACT_VERSION);
  });

  it('can build against another contract version (the e2e suite deploys such a remote)', () => {
    expect(buildInfo(root, { DOSSIER_BUILD_CONTRACT_VERSION: '2.0.0' }).contractVersion).toBe('2.0.0');
  });

  it('lists what the build requires and provides of each shared singleton, from the root package.json', () => {
    const info = buildInfo(root, {});
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(info.sharedRequirements.react).toBe(`^${pkg.dependencies.react}`);
    expect(info.sharedVersions.react).toBe(pkg.dependencies.react);
  });

  it('defines literals for webpack, and the same values reach Jest', () => {
    const definitions = buildDefinitions(root, { DOSSIER_RELEASE: 'abc123' });
    expect(definitions['process.env.DOSSIER_RELEASE']).toBe('"abc123"');
    expect(JSON.parse(definitions['process.env.DOSSIER_CONTRACT_VERSION']!)).toBe(CONTRACT_VERSION);
    // jest.preset.cjs hands the same values to `@dossier/build` under Jest.
    expect(process.env.DOSSIER_CONTRACT_VERSION).toBe(CONTRACT_VERSION);
    expect(JSON.parse(process.env.DOSSIER_SHARED_REQUIREMENTS!)).toEqual(buildInfo(root, {}).sharedRequirements);
  });
});
