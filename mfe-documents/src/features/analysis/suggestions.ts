/** What analysis suggests for one document (stored in documents.analysis, docs/decisions/0111, 0200). */
import { rankCategories, suggestTags, type Classifier, type RankedCategory, type TagSuggestion } from './classifier';
import { findKeyDates, type DateSuggestion } from './key-dates';

/** What auto-apply did (docs/decisions/0201), so the person sees it and can undo it. */
export interface AppliedSuggestions {
  category?: { name: string; id: string };
  tags?: Array<{ name: string; id: string }>;
}

export interface DocumentAnalysis {
  /** The best category, if the rules or the person's own filing suggest one. */
  category: (RankedCategory | Omit<RankedCategory, 'source'>) | null;
  /** Up to two more, for "not this one?". */
  alternatives: Array<RankedCategory | Omit<RankedCategory, 'source'>>;
  /** Tag suggestions with their confidence (older analyses have none). */
  tags?: TagSuggestion[];
  expires_on: DateSuggestion | null;
  issued_on: DateSuggestion | null;
  /** Whether OCR found no text at all (a photo, or too blurred to read). */
  no_text?: boolean;
  /** Suggestions the person dismissed or accepted stay out of the panel ("tag:Passport" for a tag). */
  settled?: string[];
  /** Applied automatically above the person's threshold. */
  applied?: AppliedSuggestions;
}

export function suggest(text: string, name: string, reference = new Date(), model: Classifier | null = null): DocumentAnalysis {
  const [category = null, ...rest] = rankCategories(text, name, model);
  return {
    category,
    alternatives: rest.slice(0, 2),
    tags: suggestTags(text, name, model, category),
    ...findKeyDates(text, reference),
    ...(text.trim() ? {} : { no_text: true }),
  };
}
