/**
 * Auto-apply (issue 15 §2, docs/decisions/0201): suggestions at least as sure as the person's
 * threshold are applied when the document is analysed — off by default. A category is applied only
 * to a document that has none (the person's own choice always stands); tags only if not there yet.
 * What was applied is recorded in the analysis, so the panel says so and offers Undo.
 */
import type { DocumentAnalysis } from './suggestions';

export interface AutoApplyPlan {
  category: string | null;
  tags: string[];
}

export function autoApplyPlan(analysis: DocumentAnalysis, threshold: number | null, current: { category_id: string | null; tagNames: readonly string[] }): AutoApplyPlan {
  if (threshold === null) return { category: null, tags: [] };
  const category = analysis.category && analysis.category.confidence >= threshold && !current.category_id ? analysis.category.name : null;
  const have = new Set(current.tagNames.map((t) => t.toLowerCase()));
  const tags = (analysis.tags ?? []).filter((t) => t.confidence >= threshold && !have.has(t.name.toLowerCase())).map((t) => t.name);
  return { category, tags };
}
