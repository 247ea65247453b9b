import { pathSegments, validateKey } from '../src/storage/keys';
import { parseSize } from '../src/storage/settings';

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
