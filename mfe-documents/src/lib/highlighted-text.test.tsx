import { render } from '@testing-library/react';
import { HighlightedText, splitHighlights } from './highlighted-text';

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
    expect(container.textContent).toBe('<img src=x onerror="window.__pwned=1"> <b>tax</b>');
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('ignores unbalanced markers', () => {
    expect(splitHighlights('a\u{E001}b\u{E000}c')).toEqual([
      { text: 'a', highlighted: false },
      { text: 'b', highlighted: false },
      { text: 'c', highlighted: true },
    ]);
  });
});
