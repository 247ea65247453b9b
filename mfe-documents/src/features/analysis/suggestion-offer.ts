/**
 * How a suggestion is offered, by its confidence (issue 21 §6, ADR 0280): a suggestion the analysis
 * is not sure enough of is not a big primary button. The thresholds come from `npm run
 * bench:analysis` (precision at the shown confidence, docs/benchmarks.md).
 */

/** At least this sure: offered with the primary *Use …* / *Add tag …* button. */
export const PRIMARY_CONFIDENCE = 0.6;
/** From this up to PRIMARY_CONFIDENCE: shown as a possibility, with a plain button. Below: not shown. */
export const SHOWN_CONFIDENCE = 0.3;

export type SuggestionOffer = 'primary' | 'possible' | 'hidden';

export function offerOf(confidence: number): SuggestionOffer {
  if (confidence >= PRIMARY_CONFIDENCE) return 'primary';
  return confidence >= SHOWN_CONFIDENCE ? 'possible' : 'hidden';
}

export const isPrimaryOffer = (confidence: number) => offerOf(confidence) === 'primary';
