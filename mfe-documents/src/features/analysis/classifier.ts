/**
 * The per-person classifier (issue 15 §2, docs/decisions/0200): multinomial naive Bayes over the
 * words (and word pairs) of the person's own filed documents, trained in the browser from rows that
 * row-level security lets only them read, and filtered to documents they own — it never sees anyone
 * else's papers. It is a pure function of its examples, so "retrained when they recategorise" is
 * training again from the current filing (see `learned-model.ts`, which notices the change).
 *
 * Cold start: the rules of `category-rules.ts` carry the suggestion while there are few examples;
 * the classifier's share grows with the examples (`rankCategories`).
 */
import { scoreCategories, type CategorySuggestion } from './category-rules';

export interface Example {
  text: string;
  /** The category name the person filed it under. */
  category: string | null;
  /** The names of its tags. */
  tags?: readonly string[];
}

interface ClassCounts {
  docs: number;
  total: number;
  counts: Map<string, number>;
}

export interface NaiveBayes {
  classes: Map<string, ClassCounts>;
  vocabulary: number;
  docs: number;
}

export interface Classifier {
  /** Only the categories with at least MIN_EXAMPLES_PER_CATEGORY examples (empty below two such). */
  categories: NaiveBayes;
  /** Per learned category: the words most of its examples share and the others' mostly do not. */
  characteristic: Map<string, Set<string>>;
  /** One yes/no model per tag the person used at least twice. */
  tags: Map<string, NaiveBayes>;
  examples: number;
}

const MAX_TOKENS = 4000;

/**
 * Evidence before a learned suggestion (issue 21 §6): after one document filed under Utilities,
 * every new paper was "Like documents you filed under Utilities". A category is learned from its
 * third example on, and only once two categories are learned: a posterior over one category is
 * 100 % whatever the paper says.
 */
export const MIN_EXAMPLES_PER_CATEGORY = 3;
export const MIN_LEARNED_CATEGORIES = 2;
/**
 * How many of a category's characteristic words a paper must carry for the classifier's full say:
 * naive Bayes spreads 100 % over the categories it knows even for a paper that is none of them
 * (a software manual); with fewer of those words its share shrinks in proportion.
 */
export const CHARACTERISTIC_WORDS_FOR_FULL_SUPPORT = 3;

/** Lower-cased words without accents, 2+ characters, not bare numbers; and adjacent word pairs. */
export function tokens(text: string): string[] {
  const words = (
    text
      .slice(0, 100_000)
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).filter((w) => w.length > 1 && !/^\d+$/.test(w));
  const out = words.slice(0, MAX_TOKENS);
  for (let i = 1; i < Math.min(words.length, MAX_TOKENS); i += 1) out.push(`${words[i - 1]} ${words[i]}`);
  return out;
}

function train(labelled: Array<{ tokens: string[]; label: string }>): NaiveBayes {
  const classes = new Map<string, ClassCounts>();
  const vocabulary = new Set<string>();
  for (const { tokens: words, label } of labelled) {
    let entry = classes.get(label);
    if (!entry) classes.set(label, (entry = { docs: 0, total: 0, counts: new Map() }));
    entry.docs += 1;
    // Each word once per document (binarised counts: one long page does not outvote the rest).
    for (const word of new Set(words)) {
      entry.counts.set(word, (entry.counts.get(word) ?? 0) + 1);
      entry.total += 1;
      vocabulary.add(word);
    }
  }
  return { classes, vocabulary: vocabulary.size, docs: labelled.length };
}

/** Posterior probabilities of each class, best first. */
function posterior(model: NaiveBayes, words: string[]): Array<{ label: string; p: number; evidence: string[] }> {
  if (model.docs === 0) return [];
  const unique = [...new Set(words)];
  const scored = [...model.classes].map(([label, entry]) => {
    let log = Math.log(entry.docs / model.docs);
    const denominator = Math.log(entry.total + model.vocabulary + 1);
    const evidence: Array<[string, number]> = [];
    for (const word of unique) {
      const count = entry.counts.get(word) ?? 0;
      log += Math.log(count + 1) - denominator;
      if (count > 0 && !word.includes(' ')) evidence.push([word, count]);
    }
    evidence.sort((a, b) => b[1] - a[1]);
    return { label, log, evidence: evidence.slice(0, 4).map(([w]) => w) };
  });
  const max = Math.max(...scored.map((s) => s.log));
  const sum = scored.reduce((total, s) => total + Math.exp(s.log - max), 0);
  return scored.map((s) => ({ label: s.label, p: Math.exp(s.log - max) / sum, evidence: s.evidence })).sort((a, b) => b.p - a.p);
}

/** Words any paper has, in the languages the rules know: they say nothing about what it is. */
const FUNCTION_WORDS = new Set(
  'the and of to in for at on by with from or an is are be as it this that your our you we my no not per de la le les des du et en au un une der die das und den dem des ein eine mit von zu im el los las del y con por para'.split(' '),
);

/** Share of `examples` carrying each word (words only, not pairs; function words left out). */
function wordShare(examples: ReadonlyArray<{ tokens: string[] }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const e of examples) for (const word of new Set(e.tokens)) if (!word.includes(' ') && !FUNCTION_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return new Map([...counts].map(([word, n]) => [word, n / examples.length]));
}

/**
 * Per category: the words at least half of its examples carry and fewer than half of the other
 * categories' examples do — what its papers are about, not what every paper says.
 */
function characteristicWords(categories: ReadonlyArray<readonly [string, ReadonlyArray<{ tokens: string[] }>]>): Map<string, Set<string>> {
  return new Map(
    categories.map(([label, docs]) => {
      const others = wordShare(categories.filter(([other]) => other !== label).flatMap(([, d]) => d));
      const mine = [...wordShare(docs)].filter(([word, share]) => share >= 0.5 && (others.get(word) ?? 0) < 0.5);
      return [label, new Set(mine.map(([word]) => word))] as const;
    }),
  );
}

/** Trains on the person's own documents (callers pass only those). */
export function trainClassifier(examples: readonly Example[]): Classifier {
  const prepared = examples.map((e) => ({ ...e, tokens: tokens(e.text) })).filter((e) => e.tokens.length > 0);
  const byCategory = new Map<string, Array<{ tokens: string[] }>>();
  for (const e of prepared) if (e.category) byCategory.set(e.category, [...(byCategory.get(e.category) ?? []), e]);
  const learned = [...byCategory].filter(([, docs]) => docs.length >= MIN_EXAMPLES_PER_CATEGORY);
  const enough = learned.length >= MIN_LEARNED_CATEGORIES;
  const categories = train(enough ? learned.flatMap(([label, docs]) => docs.map((d) => ({ tokens: d.tokens, label }))) : []);
  const characteristic = enough ? characteristicWords(learned) : new Map<string, Set<string>>();
  const tagCounts = new Map<string, number>();
  for (const e of prepared) for (const tag of new Set(e.tags ?? [])) tagCounts.set(tag, (tagCounts.get(tag) ?? 0) + 1);
  const tags = new Map<string, NaiveBayes>();
  for (const [tag, count] of tagCounts) {
    if (count < 2) continue;
    tags.set(tag, train(prepared.map((e) => ({ tokens: e.tokens, label: e.tags?.includes(tag) ? 'yes' : 'no' }))));
  }
  return { categories, characteristic, tags, examples: categories.docs };
}

export interface RankedCategory extends CategorySuggestion {
  /** Where the suggestion came from: the rules, the person's own filing, or both. */
  source: 'rules' | 'learned' | 'both';
}

/**
 * The classifier's weight: 0 without examples, growing as the person files more (about ⅔ at five
 * per category used). The rules keep the rest, so a category the person never used can still win.
 */
export function learnedWeight(model: Classifier | null): number {
  if (!model || model.examples === 0) return 0;
  const labels = model.categories.classes.size;
  return Math.min(0.85, model.examples / (model.examples + 2.5 * labels));
}

const round = (n: number) => Math.round(n * 100) / 100;

/** 0…1: how much of what the person's documents of `label` share this paper carries. */
export function support(model: Classifier, label: string, words: readonly string[]): number {
  const characteristic = model.characteristic.get(label);
  if (!characteristic || characteristic.size === 0) return 0;
  const found = new Set(words.filter((w) => characteristic.has(w))).size;
  return Math.min(1, found / Math.min(CHARACTERISTIC_WORDS_FOR_FULL_SUPPORT, characteristic.size));
}

/** Rules and classifier together, best first (every category either of them gave a chance). */
export function rankCategories(text: string, fileName: string, model: Classifier | null): RankedCategory[] {
  const rules = scoreCategories(text, fileName);
  const weight = learnedWeight(model);
  const words = weight > 0 && model ? tokens(`${fileName.replace(/[._-]+/g, ' ')}\n${text}`) : [];
  const learned = model ? posterior(model.categories, words).map((l) => ({ ...l, p: l.p * support(model, l.label, words) })) : [];
  const names = new Set([...rules.map((r) => r.name), ...learned.map((l) => l.label)]);
  const ranked = [...names].map((name) => {
    const rule = rules.find((r) => r.name === name);
    const fromModel = learned.find((l) => l.label === name && l.p >= 0.05);
    const score = (1 - weight) * (rule?.confidence ?? 0) + weight * (fromModel?.p ?? 0);
    const source: RankedCategory['source'] = rule && fromModel ? 'both' : fromModel ? 'learned' : 'rules';
    const because = [...new Set([...(rule?.because ?? []), ...(fromModel?.evidence ?? [])])];
    return { name, confidence: round(score), because, source };
  });
  return ranked.filter((r) => r.confidence > 0).sort((a, b) => b.confidence - a.confidence);
}

export interface TagSuggestion {
  name: string;
  /** 0…1 */
  confidence: number;
  /** Why: the word on the page, or that it resembles the person's documents with that tag. */
  because: string;
}

/**
 * Cold-start tags: what kind of paper it is, from the strongest words on it. Suggested with the
 * category's confidence when that category wins.
 */
const TYPE_TAGS: Record<string, Array<[RegExp, string]>> = {
  'Personal ID': [[/\b(passport|passeport|reisepass|pasaporte)\b/i, 'Passport'], [/\bdriv(ing|er'?s?) licen[cs]e\b|permis de conduire|führerschein/i, 'Driving licence'], [/\bbirth certificate\b/i, 'Birth certificate'], [/\bresidence permit\b/i, 'Residence permit']],
  Employment: [[/\bpayslip\b|gehaltsabrechnung|bulletin de paie/i, 'Payslip'], [/\bemployment contract\b/i, 'Contract']],
  'Tax Documents': [[/\bP60\b/i, 'P60'], [/\bP45\b/i, 'P45'], [/\bself assessment\b|\btax return\b/i, 'Tax return']],
  'Vehicle Records': [[/\bMOT\b/, 'MOT'], [/\bV5C\b/i, 'V5C']],
  'Real Estate': [[/\btenancy agreement\b|mietvertrag/i, 'Tenancy'], [/\bmortgage\b/i, 'Mortgage']],
  Receipts: [[/\binvoice\b|rechnung|facture/i, 'Invoice'], [/\breceipt\b/i, 'Receipt']],
  Banking: [[/\bbank statement\b|kontoauszug|relevé de compte/i, 'Statement']],
  Travel: [[/\bboarding pass\b/i, 'Boarding pass'], [/\bvisa\b/i, 'Visa']],
  Warranties: [[/\bwarranty\b|\bguarantee\b|garantie/i, 'Warranty']],
  Insurance: [[/\bhome insurance\b/i, 'Home'], [/\bcar insurance\b|\bmotor insurance\b/i, 'Car'], [/\btravel insurance\b/i, 'Travel']],
  'Medical Records': [[/\bprescription\b|ordonnance/i, 'Prescription'], [/\bvaccination\b/i, 'Vaccination']],
};

/** Tag suggestions: the person's own tags their model recognises, then kind-of-paper tags. */
export function suggestTags(text: string, fileName: string, model: Classifier | null, category: RankedCategory | null, limit = 3): TagSuggestion[] {
  const out: TagSuggestion[] = [];
  const words = model && model.tags.size > 0 ? tokens(`${fileName.replace(/[._-]+/g, ' ')}\n${text}`) : [];
  for (const [tag, nb] of model?.tags ?? []) {
    const yes = posterior(nb, words).find((p) => p.label === 'yes');
    const examples = nb.classes.get('yes')?.docs ?? 0;
    if (yes && yes.p >= 0.5) out.push({ name: tag, confidence: round(yes.p * Math.min(1, examples / 3)), because: `Like ${examples} of your documents tagged ${tag}` });
  }
  const haystack = `${fileName.replace(/[._-]+/g, ' ')}\n${text}`;
  for (const [pattern, tag] of category ? (TYPE_TAGS[category.name] ?? []) : []) {
    const match = haystack.match(pattern);
    if (match && !out.some((t) => t.name.toLowerCase() === tag.toLowerCase())) {
      out.push({ name: tag, confidence: category?.confidence ?? 0, because: `It mentions “${match[0]}”` });
    }
  }
  return out.filter((t) => t.confidence > 0).sort((a, b) => b.confidence - a.confidence).slice(0, limit);
}

export interface CategoryAccuracy {
  documents: number;
  top1: number;
  top3: number;
}

/**
 * Category accuracy on a labelled set (the bench, issue 15 §4): the rules alone when `perCategory`
 * is 0, else after the person filed that many documents per category (the first ones of each
 * category train; every other document is tested). For scripts/bench-analysis.ts:
 *   categoryAccuracy(corpus(10), 0) — the rules alone; categoryAccuracy(corpus(10), 5) — after 5.
 */
export function categoryAccuracy(docs: ReadonlyArray<{ category: string; text: string }>, perCategory = 0, options: { learnedOnly?: boolean } = {}): CategoryAccuracy {
  const seen = new Map<string, number>();
  const training: Example[] = [];
  const testing: Array<{ category: string; text: string }> = [];
  for (const d of docs) {
    const n = seen.get(d.category) ?? 0;
    seen.set(d.category, n + 1);
    if (n < perCategory) training.push({ text: d.text, category: d.category });
    else testing.push(d);
  }
  const model = training.length ? trainClassifier(training) : null;
  let top1 = 0;
  let top3 = 0;
  for (const d of testing) {
    // learnedOnly: the classifier without the rules (how much the person's filing alone carries).
    const ranked = options.learnedOnly ? (model ? posterior(model.categories, tokens(d.text)).map((p) => p.label) : []) : rankCategories(d.text, '', model).map((r) => r.name);
    const guess = ranked.length ? ranked : ['Miscellaneous'];
    if (guess[0] === d.category) top1 += 1;
    if (guess.slice(0, 3).includes(d.category)) top3 += 1;
  }
  return { documents: testing.length, top1: testing.length ? top1 / testing.length : 0, top3: testing.length ? top3 / testing.length : 0 };
}
