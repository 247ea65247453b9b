import { corpus } from './testing/labelled-corpus';
import { autoApplyPlan } from './auto-apply';
import { MIN_EXAMPLES_PER_CATEGORY, categoryAccuracy, learnedWeight, rankCategories, suggestTags, tokens, trainClassifier, type Example } from './classifier';
import { PRIMARY_CONFIDENCE, SHOWN_CONFIDENCE, offerOf } from './suggestion-offer';
import { signatureOf } from './learned-model';
import { suggest } from './suggestions';

const car = (n: number): Example => ({ text: `Volvo V70 service at Hill Garage, invoice ${n}, oil change, tyres`, category: 'Car', tags: ['Volvo'] });
const vet = (n: number): Example => ({ text: `Rex the dog, vaccination booster at the vet, invoice ${n}`, category: 'Pets', tags: ['Rex'] });

describe('the per-person classifier', () => {
  it('tokenises into accent-free words and word pairs, without bare numbers', () => {
    expect(tokens('Führerschein Nr. 12345 — Café')).toEqual(['fuhrerschein', 'nr', 'cafe', 'fuhrerschein nr', 'nr cafe']);
  });

  it('learns the person’s own categories, even ones the rules do not know', () => {
    const model = trainClassifier([car(1), car(2), car(3), vet(1), vet(2), vet(3)]);
    const ranked = rankCategories('Hill Garage: Volvo brake pads and tyres, invoice 88', '', model);
    expect(ranked[0]).toMatchObject({ name: 'Car', source: 'learned' });
    expect(rankCategories('Booster vaccination for Rex at the vet', '', model)[0]?.name).toBe('Pets');
    // Without the person's filing, only the rules speak (an invoice is a receipt to them).
    expect(rankCategories('Hill Garage: Volvo brake pads and tyres, invoice 88', '', null)[0]).toMatchObject({ name: 'Receipts', source: 'rules' });
  });

  it('leans on the rules while there are few examples and on the filing as they grow', () => {
    expect(learnedWeight(null)).toBe(0);
    const few = learnedWeight(trainClassifier([1, 2, 3].flatMap((n) => [car(n), vet(n)])));
    const many = learnedWeight(trainClassifier([1, 2, 3, 4, 5].flatMap((n) => [car(n), vet(n)])));
    expect(few).toBeGreaterThan(0);
    expect(many).toBeGreaterThan(few);
    expect(many).toBeLessThanOrEqual(0.85);
    // One example does not outvote a passport's strong words.
    const oneCar = trainClassifier([{ text: 'PASSPORT renewal form, Volvo', category: 'Car' }]);
    expect(rankCategories('PASSPORT Surname Nationality Date of birth', '', oneCar)[0]?.name).toBe('Personal ID');
  });

  it('is retrained when the person recategorises: the model follows the new filing', () => {
    const filing = [car(1), car(2), car(3), vet(1), vet(2), vet(3)];
    const before = trainClassifier(filing);
    expect(rankCategories('Volvo tyres at Hill Garage', '', before)[0]?.name).toBe('Car');
    // They move their garage bills to "Vehicle costs": the signature changes, the retrained model follows.
    const moved = filing.map((e) => (e.category === 'Car' ? { ...e, category: 'Vehicle costs' } : e));
    const rows = (examples: Example[]) => examples.map((e, i) => ({ id: String(i), category_id: e.category, document_tags: [] }));
    expect(signatureOf(rows(moved))).not.toBe(signatureOf(rows(filing)));
    const after = trainClassifier(moved);
    const ranked = rankCategories('Volvo tyres at Hill Garage', '', after).map((r) => r.name);
    expect(ranked[0]).toBe('Vehicle costs');
    expect(ranked).not.toContain('Car');
  });

  it('is built only from the examples it is given: nothing of anyone else’s papers is in it', () => {
    const flat = (n: number): Example => ({ text: `Council tax bill ${n} for the flat`, category: 'Home' });
    const mine = trainClassifier([car(1), car(2), car(3), flat(1), flat(2), flat(3)]);
    const vocabulary = new Set([...mine.categories.classes.values()].flatMap((c) => [...c.counts.keys()]));
    expect(vocabulary.has('volvo')).toBe(true);
    expect(vocabulary.has('rex')).toBe(false);
    expect([...mine.categories.classes.keys()]).toEqual(['Car', 'Home']);
    expect(rankCategories('Rex the dog at the vet', '', mine).some((r) => r.name === 'Pets')).toBe(false);
  });

  it('learns nothing from one or two documents of a category, nor from one category alone (issue 21 §6)', () => {
    const utilities = (n: number): Example => ({ text: `Electricity bill ${n}, meter reading, kWh, tariff, supply address`, category: 'Utilities' });
    // One document filed under Utilities: a vaccination record and a household budget are not "like" it.
    const one = trainClassifier([utilities(1)]);
    expect(learnedWeight(one)).toBe(0);
    expect(rankCategories('Vaccination record, measles booster, clinic', 'Vaccination record.pdf', one)[0]).toMatchObject({ name: 'Medical Records', source: 'rules' });
    expect(rankCategories('Household budget: groceries, rent, savings', 'Household budget', one).some((r) => r.source !== 'rules')).toBe(false);
    // Many documents of one category only: a posterior over one category is 100 % whatever the paper says.
    expect(learnedWeight(trainClassifier([1, 2, 3, 4, 5].map(utilities)))).toBe(0);
    // Two categories short of the minimum are not learned; from the minimum on they are.
    const below = Array.from({ length: MIN_EXAMPLES_PER_CATEGORY - 1 }, (_, i) => i + 1);
    expect(learnedWeight(trainClassifier(below.flatMap((n) => [car(n), vet(n)])))).toBe(0);
    const atMinimum = trainClassifier([...below, MIN_EXAMPLES_PER_CATEGORY].flatMap((n) => [car(n), vet(n)]));
    expect([...atMinimum.categories.classes.keys()]).toEqual(['Car', 'Pets']);
  });

  it('says little about a paper that carries none of the words the person’s documents of a category share', () => {
    const model = trainClassifier([1, 2, 3, 4, 5].flatMap((n) => [car(n), vet(n)]));
    // A software manual: the classifier must still spread 100 % over Car and Pets, but is not believed.
    const manual = rankCategories('User manual version 4.1: installation, configure the settings, press Enter', 'manual.pdf', model);
    expect(manual.filter((r) => r.source !== 'rules')).toEqual([]);
    expect(manual.every((r) => offerOf(r.confidence) !== 'primary')).toBe(true);
    // A paper that is like them is.
    expect(offerOf(rankCategories('Volvo V70 service at Hill Garage, oil change and tyres', '', model)[0].confidence)).toBe('primary');
  });

  it('offers a suggestion as the primary button only from its threshold; under it as a possibility; very unsure not at all', () => {
    expect(offerOf(PRIMARY_CONFIDENCE)).toBe('primary');
    expect(offerOf(0.95)).toBe('primary');
    expect(offerOf(PRIMARY_CONFIDENCE - 0.01)).toBe('possible');
    // The software manual's "Receipts 29 %" is not offered.
    expect(offerOf(0.29)).toBe('hidden');
    expect(offerOf(SHOWN_CONFIDENCE)).toBe('possible');
  });

  it('suggests the person’s own tags with a confidence, and kind-of-paper tags at cold start', () => {
    const model = trainClassifier([car(1), car(2), car(3), vet(1), vet(2), vet(3)]);
    const text = 'Volvo V70 at Hill Garage, tyres and oil change';
    const tags = suggestTags(text, '', model, rankCategories(text, '', model)[0] ?? null);
    expect(tags[0]).toMatchObject({ name: 'Volvo' });
    expect(tags[0]?.confidence).toBeGreaterThan(0.5);
    expect(tags.map((t) => t.name)).not.toContain('Rex');
    const passport = suggest('PASSPORT Surname TESTER Nationality BRITISH Date of birth 01 JAN 1990', 'scan.png');
    expect(passport.category?.name).toBe('Personal ID');
    expect(passport.tags?.[0]).toMatchObject({ name: 'Passport', because: 'It mentions “PASSPORT”' });
  });

  it('reaches ≥ 90 % top-1 on the generated corpus after 5 examples per category', () => {
    const docs = corpus(10);
    const rules = categoryAccuracy(docs, 0);
    const learned = categoryAccuracy(docs, 5);
    expect(rules.documents).toBe(200);
    expect(learned.documents).toBe(100);
    expect(learned.top1).toBeGreaterThanOrEqual(0.9);
    expect(learned.top3).toBeGreaterThanOrEqual(learned.top1);
    // The person's filing alone (no rules) carries it too: the corpus is not only the rules' words.
    expect(categoryAccuracy(docs, 5, { learnedOnly: true }).top1).toBeGreaterThanOrEqual(0.9);
  });
});

describe('auto-apply', () => {
  const analysis = {
    category: { name: 'Insurance', confidence: 0.82, because: ['policy number'] },
    alternatives: [],
    tags: [
      { name: 'Home', confidence: 0.82, because: 'It mentions “home insurance”' },
      { name: 'Maybe', confidence: 0.4, because: 'x' },
    ],
    expires_on: null,
    issued_on: null,
  };

  it('does nothing when off (the default)', () => {
    expect(autoApplyPlan(analysis, null, { category_id: null, tagNames: [] })).toEqual({ category: null, tags: [] });
  });

  it('applies what is at least as sure as the threshold, never over the person’s own category', () => {
    expect(autoApplyPlan(analysis, 0.8, { category_id: null, tagNames: [] })).toEqual({ category: 'Insurance', tags: ['Home'] });
    expect(autoApplyPlan(analysis, 0.9, { category_id: null, tagNames: [] })).toEqual({ category: null, tags: [] });
    expect(autoApplyPlan(analysis, 0.8, { category_id: 'c1', tagNames: ['home'] })).toEqual({ category: null, tags: [] });
  });
});
