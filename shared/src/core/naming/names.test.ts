import { sanitizeFileName } from './names';

describe('file names inside an export', () => {
  it('removes path separators and control characters and is never empty', () => {
    expect(sanitizeFileName('a/b\\c:d.pdf')).toBe('a_b_c_d.pdf');
    expect(sanitizeFileName('tab\there.txt')).toBe('tab_here.txt');
    expect(sanitizeFileName('..')).toBe('file');
    expect(sanitizeFileName('   ')).toBe('file');
  });
});
