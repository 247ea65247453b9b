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

/** How much text a snippet keeps before its first match: a few words of context. */
const LEAD_CHARACTERS = 28;

/**
 * Starts the snippet a few words before its first match ("… words before the match"): the row
 * shows one or two lines, so a match further in would be cut off by the row and never seen.
 */
export function focusFirstMatch(parts: TextPart[], lead = LEAD_CHARACTERS): TextPart[] {
  const first = parts.findIndex((part) => part.highlighted);
  if (first < 0) return parts;
  const before = parts.slice(0, first).map((part) => part.text).join('');
  if (before.length <= lead) return parts;
  // Cut at a word start inside the last `lead` characters (the whole tail when it has no space).
  const tail = before.slice(-lead);
  const space = tail.search(/\s\S/);
  const kept = space >= 0 ? tail.slice(space + 1) : tail;
  return [{ text: `…${kept}`, highlighted: false }, ...parts.slice(first)];
}

/**
 * A search snippet with its matches in <mark>, starting just before the first match. Every part is a React text node: whatever the
 * document contains (markup included) is shown as characters, never interpreted as HTML.
 */
export function HighlightedText({ snippet, className }: { snippet: string; className?: string }) {
  return (
    <span className={className}>
      {focusFirstMatch(splitHighlights(snippet)).map((part, index) =>
        part.highlighted ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </span>
  );
}
