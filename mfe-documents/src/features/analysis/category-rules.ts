/**
 * Cold-start category suggestions (issue 15 §2): words people actually find on such papers, for
 * the 20 master categories of SPEC §3, in several languages' common forms. Each rule word scores
 * its weight once; the confidence is the winner's share of all scores, damped when little matched.
 */
export interface CategorySuggestion {
  /** A master category name (SPEC §3); the person's own category of that name is suggested. */
  name: string;
  /** 0…1 */
  confidence: number;
  /** The words that decided it. */
  because: string[];
}

type Rules = Record<string, readonly (string | [string, number])[]>;

// [word, weight]; a bare word weighs 1. Strong, nearly unique phrases weigh 3.
const RULES: Rules = {
  'Personal ID': [['passport', 3], ['passeport', 3], ['reisepass', 3], ['pasaporte', 3], ['identity card', 3], ['national id', 3], ['driving licence', 3], ['driver license', 3], ["driver's license", 3], ['permis de conduire', 3], ['führerschein', 3], 'nationality', 'date of birth', 'place of birth', 'surname', 'given names', 'birth certificate', 'residence permit', 'personalausweis'],
  'Medical Records': [['diagnosis', 3], ['patient', 2], 'prescription', 'clinic', 'hospital', 'vaccination', 'blood test', 'gp surgery', 'nhs number', 'dosage', 'allergies', 'discharge summary', 'referral', 'physician', 'ordonnance', 'arztbrief'],
  Insurance: [['policy number', 3], ['insurance', 2], 'insured', 'premium', 'policyholder', 'cover', 'excess', 'claim', 'underwriter', 'no claims', 'assurance', 'versicherung', 'seguro'],
  Education: [['diploma', 3], ['transcript', 2], 'degree', 'university', 'school', 'certificate of', 'graduated', 'grade', 'student', 'bachelor', 'master of', 'gcse', 'a-level', 'course'],
  Banking: [['bank statement', 3], ['account number', 2], 'sort code', 'iban', 'bic', 'balance', 'overdraft', 'direct debit', 'standing order', 'current account', 'savings account', 'kontoauszug', 'relevé de compte'],
  Investments: [['portfolio valuation', 3], ['isa', 2], 'shares', 'dividend', 'fund', 'brokerage', 'stocks', 'bonds', 'pension', 'holdings', 'unit trust', 'capital gains'],
  'Tax Documents': [['p60', 3], ['p45', 3], ['self assessment', 3], ['tax return', 3], ['hmrc', 2], 'tax year', 'tax code', 'national insurance', 'w-2', '1099', 'irs', 'steuerbescheid', 'avis d\'impôt'],
  'Credit Reports': [['credit report', 3], ['credit score', 3], 'experian', 'equifax', 'transunion', 'credit file', 'credit history', 'searches'],
  'Real Estate': [['tenancy agreement', 3], ['mortgage', 3], ['title deed', 3], 'landlord', 'tenant', 'lease', 'property', 'deposit protection', 'completion', 'conveyancing', 'land registry', 'mietvertrag', 'bail'],
  'Vehicle Records': [['mot', 3], ['v5c', 3], ['vehicle registration', 3], 'mileage', 'odometer', 'registration mark', 'make and model', 'vin', 'service history', 'road tax', 'vehicle'],
  Warranties: [['warranty', 3], ['guarantee', 2], 'serial number', 'model number', 'proof of purchase', 'garantie', 'extended cover', 'manufacturer'],
  'Legal Documents': [['power of attorney', 3], ['court', 2], 'solicitor', 'contract', 'agreement', 'hereby', 'witness', 'notary', 'affidavit', 'judgment', 'claimant', 'defendant'],
  'Estate Planning': [['last will', 3], ['testament', 3], ['executor', 3], 'beneficiary', 'probate', 'estate', 'bequeath', 'trustee', 'lasting power'],
  'Business Records': [['company number', 3], ['vat registration', 3], 'companies house', 'invoice to', 'limited', 'ltd', 'sole trader', 'purchase order', 'business', 'accounts'],
  Employment: [['payslip', 3], ['employment contract', 3], ['employer', 2], 'salary', 'gross pay', 'net pay', 'employee', 'job title', 'hours', 'overtime', 'offer letter', 'gehaltsabrechnung', 'bulletin de paie'],
  Utilities: [['meter reading', 3], ['electricity', 2], 'gas', 'water', 'broadband', 'energy', 'kwh', 'tariff', 'supply address', 'council tax'],
  Subscriptions: [['subscription', 3], ['membership', 2], 'monthly plan', 'renews', 'cancel anytime', 'streaming', 'billing cycle', 'abonnement'],
  Travel: [['boarding pass', 3], ['itinerary', 3], ['e-ticket', 3], 'flight', 'booking reference', 'hotel', 'check-in', 'departure', 'arrival', 'visa', 'esta', 'gate'],
  Receipts: [['receipt', 3], ['invoice', 2], 'total', 'subtotal', 'vat', 'paid', 'card ending', 'qty', 'change due', 'thank you for your purchase', 'rechnung', 'facture'],
  Miscellaneous: [],
};

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const COMPILED = Object.entries(RULES).map(([name, words]) => ({
  name,
  words: words.map((entry) => {
    const [word, weight] = typeof entry === 'string' ? [entry, 1] : entry;
    return { word, weight, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'iu') };
  }),
}));

export const MASTER_CATEGORY_NAMES: readonly string[] = Object.keys(RULES);

/** Every category that matched anything, best first. */
export function scoreCategories(text: string, fileName = ''): CategorySuggestion[] {
  const haystack = `${fileName.replace(/[._-]+/g, ' ')}\n${text}`;
  const scored = COMPILED.map(({ name, words }) => {
    const because = words.filter((w) => w.pattern.test(haystack));
    return { name, score: because.reduce((sum, w) => sum + w.weight, 0), because: because.map((w) => w.word) };
  }).filter((s) => s.score > 0);
  const total = scored.reduce((sum, s) => sum + s.score, 0);
  return scored
    .sort((a, b) => b.score - a.score)
    .map((s) => ({ name: s.name, because: s.because, confidence: round((s.score / total) * Math.min(1, s.score / 5)) }));
}

const round = (n: number) => Math.round(n * 100) / 100;
