/** The markers search_documents puts around matches (U+E000 … U+E001). */
export const HIGHLIGHT_START = '\u{E000}';
export const HIGHLIGHT_END = '\u{E001}';

export interface TextPart {
  text: string;
  highlighted: boolean;
}

/** Splits a snippet into plain and highlighted parts; stray markers are dropped. */
export function splitHighlights(snippet: string): TextPart[] {
  const parts: TextPart[] = [];
  let highlighted = false;
  let current = '';
  const push = () => {
    if (current) parts.push({ text: current, highlighted });
    current = '';
  };
  for (const char of snippet) {
    if (char === HIGHLIGHT_START) {
      push();
      highlighted = true;
    } else if (char === HIGHLIGHT_END) {
      push();
      highlighted = false;
    } else {
      current += char;
    }
  }
  push();
  return parts;
}

/**
 * A search snippet with its matches in <mark>. Every part is a React text node: whatever the
 * document contains (markup included) is shown as characters, never interpreted as HTML.
 */
export function HighlightedText({ snippet, className }: { snippet: string; className?: string }) {
  return (
    <span className={className}>
      {splitHighlights(snippet).map((part, index) =>
        part.highlighted ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </span>
  );
}
