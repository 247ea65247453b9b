/**
 * Precision at the shown confidence (issue 21 §6): what the person sees for a document's category —
 * the suggestion, its "N % sure", and whether it comes as the primary *Use …* button — scored on
 * the labelled corpus and on papers that belong to no category (a suggestion other than
 * Miscellaneous is wrong for those). Three moments of a person's library: nothing filed yet, one
 * document filed under Utilities (the case), five filed per category.
 */
import { offerOf, rankCategories, splitFiled, trainClassifier, uncategorised, type Classifier, type LabelledDocument } from '../mfe-documents/src/tooling';

const pct = (n: number, d: number) => (d ? `${((n / d) * 100).toFixed(1)} %` : '—');
const BANDS: Array<[number, number]> = [
  [0, 0.4],
  [0.4, 0.6],
  [0.6, 0.8],
  [0.8, 1.01],
];

interface Scored {
  confidence: number;
  right: boolean;
  uncategorised: boolean;
}

function score(model: Classifier | null, docs: readonly LabelledDocument[], extra: readonly string[]): Scored[] {
  const out: Scored[] = [];
  const shown = (text: string) => rankCategories(text, '', model)[0] ?? null;
  for (const d of docs) {
    const s = shown(d.text);
    if (s) out.push({ confidence: s.confidence, right: s.name === d.category, uncategorised: false });
  }
  for (const text of extra) {
    const s = shown(text);
    if (s) out.push({ confidence: s.confidence, right: s.name === 'Miscellaneous', uncategorised: true });
  }
  return out;
}

function report(label: string, all: readonly Scored[], tested: number) {
  // What the panel shows (ADR 0280): nothing under SHOWN_CONFIDENCE, the primary button from PRIMARY_CONFIDENCE.
  const scored = all.filter((s) => offerOf(s.confidence) !== 'hidden');
  const primary = scored.filter((s) => offerOf(s.confidence) === 'primary');
  const meanShown = primary.length ? primary.reduce((sum, s) => sum + s.confidence, 0) / primary.length : 0;
  const strays = scored.filter((s) => s.uncategorised && !s.right);
  console.log(
    `  ${label} (${tested} documents): a category shown for ${scored.length}, precision ${pct(scored.filter((s) => s.right).length, scored.length)}; ` +
      `as the primary button ${primary.length}, precision ${pct(primary.filter((s) => s.right).length, primary.length)} at a mean shown ${pct(meanShown, 1)}; ` +
      `papers of no category given a category: ${strays.length}, as the primary button ${strays.filter((s) => offerOf(s.confidence) === 'primary').length}`,
  );
  // Every band of what the analysis found, shown or not: how far its confidence is from its precision.
  for (const [low, high] of BANDS) {
    const band = all.filter((s) => s.confidence >= low && s.confidence < high);
    const mean = band.length ? band.reduce((sum, s) => sum + s.confidence, 0) / band.length : 0;
    console.log(`    shown ${Math.round(low * 100)}–${Math.min(100, Math.round(high * 100))} %: ${String(band.length).padStart(3)} suggestions, mean shown ${pct(mean, 1)}, precision ${pct(band.filter((s) => s.right).length, band.length)}`);
  }
}

export function suggestionPrecision(docs: readonly LabelledDocument[]): void {
  const extra = uncategorised();
  console.log(`Category suggestions at the shown confidence (corpus + ${extra.length} papers of no category):`);
  report('nothing filed', score(null, docs, extra), docs.length + extra.length);

  const utility = docs.find((d) => d.category === 'Utilities')!;
  const one = trainClassifier([{ text: utility.text, category: utility.category }]);
  report('one filed under Utilities', score(one, docs.filter((d) => d !== utility), extra), docs.length - 1 + extra.length);

  const { filed, rest } = splitFiled(docs, 5);
  const five = trainClassifier(filed.map((d) => ({ text: d.text, category: d.category })));
  report('5 filed per category', score(five, rest, extra), rest.length + extra.length);
}
