import { sanitizeFolderName, uniqueName } from './names';

describe('SPEC §5 names', () => {
  it('cleans folder names and falls back to Unnamed Portfolio', () => {
    expect(sanitizeFolderName('  Tax:  2024 / "final"? ')).toBe('Tax 2024 final');
    expect(sanitizeFolderName('<>:"/\\|?*')).toBe('Unnamed Portfolio');
    expect(sanitizeFolderName('x'.repeat(150))).toHaveLength(100);
  });

  it('appends (1), (2) before the extension, then a timestamp after 100 tries', () => {
    const taken = new Set(['passport.pdf', 'passport (1).pdf']);
    expect(uniqueName('passport.pdf', taken)).toBe('passport (2).pdf');
    expect(uniqueName('Travel', new Set(['travel']), { isFile: false })).toBe('Travel (1)');
    expect(uniqueName('a.pdf', () => true, { now: () => 42 })).toBe('a (42).pdf');
    expect(uniqueName('new.pdf', taken)).toBe('new.pdf');
  });
});
