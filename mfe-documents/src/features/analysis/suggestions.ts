/** What analysis suggests for one document (stored in documents.analysis, docs/decisions/0111). */
import { scoreCategories, type CategorySuggestion } from './category-rules';
import { findKeyDates, type DateSuggestion } from './key-dates';

export interface DocumentAnalysis {
  /** The best category, if any rule matched. */
  category: CategorySuggestion | null;
  /** Up to two more, for "not this one?". */
  alternatives: CategorySuggestion[];
  expires_on: DateSuggestion | null;
  issued_on: DateSuggestion | null;
  /** Whether OCR found no text at all (a photo, or too blurred to read). */
  no_text?: boolean;
  /** Suggestions the person dismissed or accepted stay out of the panel. */
  settled?: Array<'category' | 'expires_on' | 'issued_on'>;
}

export function suggest(text: string, name: string, reference = new Date()): DocumentAnalysis {
  const [category = null, ...rest] = scoreCategories(text, name);
  return { category, alternatives: rest.slice(0, 2), ...findKeyDates(text, reference), ...(text.trim() ? {} : { no_text: true }) };
}
