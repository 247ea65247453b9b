import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it.each([
    ['', '/dashboard'],
    ['?redirect=%2Fdocuments%3Fq%3Dtax', '/documents?q=tax'],
    ['?redirect=/portfolios/7', '/portfolios/7'],
    ['?redirect=https://evil.example', '/dashboard'],
    ['?redirect=//evil.example', '/dashboard'],
    ['?redirect=/auth?redirect=/x', '/dashboard'],
  ])('%s -> %s', (search, expected) => expect(redirectTarget(search)).toBe(expected));
});
