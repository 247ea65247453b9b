import { acceptsBrotli } from './precompressed';

describe('acceptsBrotli', () => {
  it.each([
    ['gzip, deflate, br, zstd', true], // Chromium
    ['br', true],
    ['BR;q=0.5', true],
    ['gzip, br;q=1.0', true],
    ['br;q=0', false],
    ['br;q=0.0, gzip', false],
    ['gzip, deflate', false],
    ['brotli', false],
    ['', false],
    [undefined, false],
  ])('%p → %p', (header, expected) => {
    expect(acceptsBrotli(header)).toBe(expected);
  });
});
