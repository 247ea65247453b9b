import { BUILD } from '@dossier/build';
import { CONTRACT_VERSION, satisfiesVersion, unmetSharedRequirements } from './remote-module';

describe('satisfiesVersion', () => {
  it.each([
    ['19.3.1', '^19.3.1', true],
    ['19.4.0', '^19.3.1', true],
    ['19.3.0', '^19.3.1', false],
    ['20.0.0', '^19.3.1', false],
    ['0.1.0', '0.1.0', true],
    ['0.1.1', '0.1.0', false],
    ['1.0.0', '>=1', true],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(satisfiesVersion(version, range)).toBe(expected);
  });
});

describe('unmetSharedRequirements', () => {
  it('names each requirement the provided version does not meet, and ignores what is not provided', () => {
    expect(unmetSharedRequirements({ react: '^20.0.0', 'react-dom': '^19.0.0', other: '^1.0.0' }, { react: '19.3.1', 'react-dom': '19.3.1' })).toEqual([
      'react ^20.0.0 (this app has 19.3.1)',
    ]);
  });

  it('finds nothing unmet between what one build requires and provides', () => {
    expect(BUILD.contractVersion).toBe(CONTRACT_VERSION);
    expect(unmetSharedRequirements(BUILD.sharedRequirements, BUILD.sharedVersions)).toEqual([]);
    expect(Object.keys(BUILD.sharedRequirements)).toContain('react');
  });
});
