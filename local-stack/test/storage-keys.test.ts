import { pathSegments, validateKey } from '../src/storage/keys';
import { parseSize } from '../src/storage/settings';
import { parseByteRange as parseRange } from '../src/http/byte-range';

// Key validation is the first lock against path traversal; the local backend re-checks paths.
describe('storage keys', () => {
  it.each([
    ['user/doc/file.pdf'],
    ['user/doc/Tax return 2024 (final).pdf'],
    ["user/doc/a+b,c;d=e@f&g$h'i!j*k:l?m.txt"],
  ])('accepts %s', (key) => {
    expect(validateKey(key)).toBe(key);
  });

  it.each([
    ['', 'empty'],
    ['/etc/passwd', 'absolute'],
    ['user/../other/file', 'dot-dot segment'],
    ['..', 'bare dot-dot'],
    ['user/./file', 'dot segment'],
    ['user//file', 'empty segment'],
    ['user/file/', 'trailing slash'],
    ['user\\..\\file', 'backslash'],
    ['user/fi\u0000le', 'NUL'],
    ['user/fi\nle', 'newline'],
    ['user/naïve.txt', 'character hosted Supabase refuses'],
    [`user/${'a'.repeat(1030)}`, 'over 1024 bytes'],
  ])('refuses %j (%s) with InvalidKey', (key) => {
    expect(() => validateKey(key)).toThrow(expect.objectContaining({ status: 400, error: 'InvalidKey' }));
  });

  it('decodes percent-encoded segments from the raw URL so encoded traversal is seen, not normalised away', () => {
    expect(pathSegments('http://h/storage/v1/object/documents/u/..%2F..%2Fx')).toEqual(['object', 'documents', 'u', '../../x']);
    expect(() => validateKey(pathSegments('http://h/storage/v1/object/documents/u/..%2F..%2Fx').slice(2).join('/'))).toThrow(
      expect.objectContaining({ error: 'InvalidKey' }),
    );
  });

  it('reads sizes the way config.toml and storage-js write them', () => {
    expect(parseSize('50MiB')).toBe(50 * 1024 * 1024);
    expect(parseSize('5MB')).toBe(5_000_000);
    expect(parseSize(1024)).toBe(1024);
    expect(parseSize('lots')).toBeNull();
  });
});

describe('byte ranges', () => {
  it('reads single ranges as HTTP defines them and ignores what it cannot serve as one range', () => {
    expect(parseRange('bytes=0-3', 10)).toEqual({ start: 0, end: 3 });
    expect(parseRange('bytes=4-', 10)).toEqual({ start: 4, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=5-100', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=10-12', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,4-5', 10)).toBeNull();
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=-0', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=x', 10)).toBeNull();
    expect(parseRange('items=0-1', 10)).toBeNull();
  });
});
