import type { DocumentRecord } from '../../api/documents';

/** The panel's editable fields, as the form holds them (empty string = none). */
export interface Draft {
  name: string;
  category_id: string;
  portfolio_id: string;
  notes: string;
  issued_on: string;
  expires_on: string;
}

export const draftOf = (doc: DocumentRecord): Draft => ({
  name: doc.name,
  category_id: doc.category_id ?? '',
  portfolio_id: doc.portfolio_id ?? '',
  notes: doc.notes ?? '',
  issued_on: doc.issued_on ?? '',
  expires_on: doc.expires_on ?? '',
});

/**
 * The stored document changed under an open form (a suggestion accepted, "Add to notes", a save on
 * another device): take the new stored value of every field the person has not touched since the
 * last stored version (`base`), and keep what they are typing in the others. Resetting the whole
 * draft would throw their unsaved typing away.
 */
export function rebaseDraft(current: Draft, base: Draft, next: Draft): Draft {
  const merged = { ...next };
  for (const key of Object.keys(next) as (keyof Draft)[]) {
    if (current[key] !== base[key]) merged[key] = current[key];
  }
  return merged;
}
