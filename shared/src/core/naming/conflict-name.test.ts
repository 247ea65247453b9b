import { conflictFreeName } from './conflict-name';
import { splitExtension } from './file-name';

describe('conflictFreeName (SPEC §5 name conflicts)', () => {
  it('keeps a free name', () => {
    expect(conflictFreeName('passport.pdf', () => false)).toBe('passport.pdf');
  });

  it("names the second copy ' (1)' before the extension", () => {
    const taken = new Set(['passport.pdf']);
    expect(conflictFreeName('passport.pdf', (n) => taken.has(n))).toBe('passport (1).pdf');
  });

  it('counts up past the names already taken', () => {
    const taken = new Set(['passport.pdf', 'passport (1).pdf', 'passport (2).pdf']);
    expect(conflictFreeName('passport.pdf', (n) => taken.has(n))).toBe('passport (3).pdf');
  });

  it('appends to the whole name of a folder and of a file without extension', () => {
    expect(conflictFreeName('Portfolio: Tax', () => true, { file: false, now: () => new Date(0) })).toBe('Portfolio: Tax (0)');
    const taken = new Set(['notes', 'archive.tar.gz', '.env']);
    expect(conflictFreeName('notes', (n) => taken.has(n))).toBe('notes (1)');
    expect(conflictFreeName('archive.tar.gz', (n) => taken.has(n))).toBe('archive.tar (1).gz');
    expect(conflictFreeName('.env', (n) => taken.has(n))).toBe('.env (1)');
  });

  it('uses a timestamp suffix after 100 tries', () => {
    const at = new Date('2026-11-23T00:00:00Z');
    expect(conflictFreeName('scan.png', () => true, { now: () => at })).toBe(`scan (${at.getTime()}).png`);
  });

  it('splits extensions', () => {
    expect(splitExtension('a.b.c')).toEqual(['a.b', '.c']);
    expect(splitExtension('trailing.')).toEqual(['trailing.', '']);
  });
});
