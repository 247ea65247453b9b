import { render } from '@testing-library/react';
import { focusFirstMatch, HighlightedText, splitHighlights } from './highlighted-text';

describe('HighlightedText', () => {
  it('marks the matched words', () => {
    const { container } = render(<HighlightedText snippet={'the \u{E000}zebra\u{E001} report'} />);
    expect(Array.from(container.querySelectorAll('mark'), (m) => m.textContent)).toEqual(['zebra']);
    expect(container.textContent).toBe('the zebra report');
  });

  it('renders markup inside a snippet as text, never as HTML', () => {
    const evil = '<img src=x onerror="window.__pwned=1"> \u{E000}<b>tax</b>\u{E001}';
    const { container } = render(<HighlightedText snippet={evil} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    // (Text before the match is shortened to its last words: the markup is still text.)
    expect(container.textContent).toMatch(/^….*pwned=1"> <b>tax<\/b>$/);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('starts a long snippet a few words before its first match, so a one-line row shows it (issue 21 item 3)', () => {
    const lead = 'Chapter one of the installation guide explains at great length how to configure the ';
    const { container } = render(<HighlightedText snippet={`${lead}\u{E000}libtasn1\u{E001} parser and more`} />);
    const text = container.textContent ?? '';
    expect(text.startsWith('…')).toBe(true);
    expect(text.indexOf('libtasn1')).toBeLessThanOrEqual(30);
    expect(text).toMatch(/^…[a-z]+ [a-z ]*libtasn1 parser and more$/);
    expect(container.querySelector('mark')?.textContent).toBe('libtasn1');
  });

  it('keeps a snippet whose match is already near its start as it is', () => {
    const { container } = render(<HighlightedText snippet={'The \u{E000}tax\u{E001} return of 2025'} />);
    expect(container.textContent).toBe('The tax return of 2025');
    expect(focusFirstMatch([{ text: 'no match here', highlighted: false }])).toEqual([{ text: 'no match here', highlighted: false }]);
  });

  it('ignores unbalanced markers', () => {
    expect(splitHighlights('a\u{E001}b\u{E000}c')).toEqual([
      { text: 'a', highlighted: false },
      { text: 'b', highlighted: false },
      { text: 'c', highlighted: true },
    ]);
  });
});
