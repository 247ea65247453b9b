/**
 * Issue and expiry dates in a document's text (issue 15 §2), each with the words it came from.
 * A date counts only next to a label people print on such papers ("Date of expiry", "valid until",
 * "renewal date", "due"…) — a bare date is usually a birth date or a letter's date. Dates are
 * parsed with chrono-node, day-first (en-GB) unless the text shows month-first dates (a second
 * number above 12, as in 04/23/2031).
 */
import * as chrono from 'chrono-node';

export interface DateSuggestion {
  /** yyyy-mm-dd */
  date: string;
  /** The line(s) the date was read from, as printed. */
  source: string;
}

export interface KeyDates {
  expires_on: DateSuggestion | null;
  issued_on: DateSuggestion | null;
}

// Several languages' common forms; OCR often loses accents, so both spellings are listed.
const EXPIRY_LABELS = [
  'date of expiry', 'expiry date', 'expiration date', 'date of expiration', 'expiry', 'expires on', 'expires', 'expiring',
  'valid until', 'valid to', 'valid thru', 'valid through', 'good through', 'renewal date', 'renew by', 'renewal due',
  'due date', 'payment due', 'due by', 'due on', 'end date', 'cover ends', 'policy end', 'mot expiry', 'until',
  'date d\'expiration', 'date d’expiration', 'expire le', 'valable jusqu', 'gültig bis', 'gultig bis', 'ablaufdatum',
  'fecha de caducidad', 'válido hasta', 'valido hasta', 'data di scadenza', 'scadenza', 'geldig tot', 'vervaldatum',
];
const ISSUE_LABELS = [
  'date of issue', 'issue date', 'issued on', 'date issued', 'issued', 'valid from', 'start date', 'effective date',
  'date de délivrance', 'date de delivrance', 'ausstellungsdatum', 'fecha de expedición', 'fecha de expedicion',
  'data di rilascio', 'afgiftedatum',
];

export const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Word-bounded, longest label first; group 1 is the label as printed (shared with key-facts.ts). */
export const labelPattern = (labels: readonly string[]) =>
  new RegExp(`(?:^|[^\\p{L}])(${[...labels].sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}])`, 'giu');
const EXPIRY = labelPattern(EXPIRY_LABELS);
const ISSUE = labelPattern(ISSUE_LABELS);
/** How far after a label its date may be (a passport prints the date under its label). */
const WINDOW = 80;

function monthFirst(text: string): boolean {
  const numeric = [...text.matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{2,4})\b/g)];
  return numeric.some((m) => Number(m[2]) > 12 && Number(m[1]) <= 12) && !numeric.some((m) => Number(m[1]) > 12);
}

const iso = (date: Date) =>
  `${date.getFullYear().toString().padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The line(s) a match spans, as printed, spaces folded — or, in a long line (a text layer without
 * line ends), the words around it with "…". At most 200 characters.
 */
export function sourceLines(text: string, from: number, to: number): string {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const endNewline = text.indexOf('\n', to);
  const end = endNewline < 0 ? text.length : endNewline;
  const left = from - start > 80 ? Math.max(start, text.lastIndexOf(' ', from - 50) + 1) : start;
  const space = text.indexOf(' ', to + 50);
  const right = end - to > 80 && space >= 0 ? Math.min(end, space) : end;
  const snippet = text.slice(left, right).replace(/\s+/g, ' ').trim();
  return `${left > start ? '…' : ''}${snippet}${right < end ? '…' : ''}`.slice(0, 200);
}

function dateAfter(text: string, pattern: RegExp, parser: chrono.Chrono, reference: Date): DateSuggestion | null {
  pattern.lastIndex = 0;
  for (const match of text.matchAll(pattern)) {
    const labelStart = (match.index ?? 0) + match[0].indexOf(match[1] ?? '');
    const labelEnd = labelStart + (match[1] ?? '').length;
    const window = text.slice(labelEnd, labelEnd + WINDOW);
    const found = parser.parse(window, reference).find((r) => r.start.isCertain('year') && r.start.isCertain('month'));
    if (!found) continue;
    const date = found.start.date();
    if (date.getFullYear() < 1900 || date.getFullYear() > 2200) continue;
    return { date: iso(date), source: sourceLines(text, labelStart, labelEnd + found.index + found.text.length) };
  }
  return null;
}

export function findKeyDates(text: string, reference = new Date()): KeyDates {
  if (!text.trim()) return { expires_on: null, issued_on: null };
  const parser = monthFirst(text) ? chrono.strict : chrono.en.GB;
  return { expires_on: dateAfter(text, EXPIRY, parser, reference), issued_on: dateAfter(text, ISSUE, parser, reference) };
}
