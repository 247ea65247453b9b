import { VALIDATION_MESSAGES } from '@dossier/shared/core';
import { portfolioFolderName, resolveNameConflict, sanitizeFolderName } from './folder-names';

describe('SPEC §5 folder names', () => {
  it('removes < > : " / \\ | ? *, collapses whitespace, trims, cuts to 100', () => {
    expect(sanitizeFolderName('  Tax:  2024 / "final"?  ')).toBe('Tax 2024 final');
    expect(sanitizeFolderName('a'.repeat(150))).toHaveLength(100);
    expect(sanitizeFolderName('<>:"/\\|?*')).toBe('Unnamed Portfolio');
  });
  it('portfolio folders are "Portfolio: {name}"; an empty name is refused', () => {
    expect(portfolioFolderName('Home  & garden')).toBe('Portfolio: Home & garden');
    expect(() => portfolioFolderName(' ?* ')).toThrow(VALIDATION_MESSAGES.invalidPortfolioName);
  });
  it('conflicts: (1), (2)… before the extension, timestamp after 100', () => {
    expect(resolveNameConflict('a.pdf', [])).toBe('a.pdf');
    expect(resolveNameConflict('a.pdf', ['a.pdf'])).toBe('a (1).pdf');
    expect(resolveNameConflict('a.pdf', ['a.pdf', 'a (1).pdf'])).toBe('a (2).pdf');
    expect(resolveNameConflict('Portfolio: v1.2', ['Portfolio: v1.2'], { isFolder: true })).toBe('Portfolio: v1.2 (1)');
    const taken = ['x.pdf', ...Array.from({ length: 100 }, (_, i) => `x (${i + 1}).pdf`)];
    expect(resolveNameConflict('x.pdf', taken, { now: () => 1700000000000 })).toBe('x (1700000000000).pdf');
  });
});
