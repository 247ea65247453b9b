/**
 * The category classifiers `npm run bench:analysis` scores on the labelled corpus (issue 15 §2/§4).
 * To measure another classifier, add an entry here — nothing else in the bench changes:
 *   - `examplesPerCategory`: how many documents per category the person has filed before. The bench
 *     hands the first N of every category to `train` (the person's filing) and scores the rest;
 *     0 = cold start, scored on all documents.
 *   - `train(filed)`: returns a ranker, text → category names best first (top-1 = [0], top-3 = [0..2]).
 */
import { rankCategories, scoreCategories, trainClassifier, type LabelledDocument } from '../mfe-documents/src/tooling';

export interface CorpusClassifier {
  name: string;
  examplesPerCategory: number;
  train(filed: readonly LabelledDocument[]): (text: string) => string[];
}

export const CLASSIFIERS: CorpusClassifier[] = [
  {
    name: 'cold-start rules',
    examplesPerCategory: 0,
    train: () => (text) => {
      const ranked = scoreCategories(text).map((s) => s.name);
      return ranked.length ? ranked : ['Miscellaneous'];
    },
  },
  {
    // The app's own suggestion: the rules blended with the person's naive Bayes (ADR 0200).
    name: 'rules + per-person classifier',
    examplesPerCategory: 5,
    train: (filed) => {
      const model = trainClassifier(filed.map((d) => ({ text: d.text, category: d.category })));
      return (text) => {
        const ranked = rankCategories(text, '', model).map((r) => r.name);
        return ranked.length ? ranked : ['Miscellaneous'];
      };
    },
  },
];
