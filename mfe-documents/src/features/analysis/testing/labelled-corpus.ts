/**
 * A generated, labelled corpus for the analysis benchmark (issue 15 §4): for each of the 20 master
 * categories, documents built from phrases such papers carry, with random names, numbers, an issue
 * and (for most) an expiry date printed in several forms. Deterministic (seeded), so figures compare.
 * Caveat: the phrases are written by the same hands as the rules, so rule accuracy here is an upper
 * bound, not a field measurement.
 *
 * Test data: it lives with the tests that read it (classifier, key facts); the analysis benchmark
 * (bench/analysis-corpus.ts) renders the same documents as files.
 */

export interface LabelledDocument {
  category: string;
  text: string;
  issuedOn: string;
  expiresOn: string | null;
}

const PHRASES: Record<string, string[]> = {
  'Personal ID': ['PASSPORT', 'Surname', 'Given names', 'Nationality', 'Date of birth', 'Place of birth', 'DRIVING LICENCE'],
  'Medical Records': ['Patient', 'Diagnosis', 'Prescription', 'Clinic', 'Referral', 'Allergies', 'Blood test results'],
  Insurance: ['Policy number', 'Premium', 'Policyholder', 'Insured', 'Cover', 'Excess', 'Home insurance schedule'],
  Education: ['Diploma', 'University', 'Transcript', 'Degree awarded', 'Student number', 'Grade'],
  Banking: ['Bank statement', 'Sort code', 'Account number', 'IBAN', 'Balance brought forward', 'Direct debit'],
  Investments: ['Portfolio valuation', 'ISA', 'Dividend', 'Fund', 'Holdings', 'Shares'],
  'Tax Documents': ['P60', 'Tax year', 'HMRC', 'Tax code', 'National Insurance', 'Self Assessment'],
  'Credit Reports': ['Credit report', 'Credit score', 'Experian', 'Credit history', 'Searches'],
  'Real Estate': ['Tenancy agreement', 'Landlord', 'Tenant', 'Deposit protection', 'Property', 'Mortgage'],
  'Vehicle Records': ['MOT test certificate', 'Vehicle registration', 'Odometer', 'Make and model', 'VIN', 'V5C'],
  Warranties: ['Warranty', 'Serial number', 'Model number', 'Proof of purchase', 'Manufacturer', 'Guarantee'],
  'Legal Documents': ['Power of attorney', 'Court', 'Solicitor', 'Witness', 'Hereby', 'Affidavit'],
  'Estate Planning': ['Last will', 'Testament', 'Executor', 'Beneficiary', 'Probate', 'Trustee'],
  'Business Records': ['Company number', 'VAT registration', 'Companies House', 'Ltd', 'Purchase order'],
  Employment: ['Payslip', 'Employer', 'Gross pay', 'Net pay', 'Employee', 'Salary'],
  Utilities: ['Meter reading', 'Electricity', 'Gas', 'kWh', 'Tariff', 'Supply address'],
  Subscriptions: ['Subscription', 'Membership', 'Monthly plan', 'Renews', 'Billing cycle', 'Streaming'],
  Travel: ['Boarding pass', 'Itinerary', 'Flight', 'Booking reference', 'Departure', 'Gate'],
  Receipts: ['Receipt', 'Subtotal', 'Total', 'VAT', 'Card ending', 'Qty'],
  Miscellaneous: ['Notes', 'Reference', 'Page', 'Dear customer', 'Kind regards'],
};

export const CATEGORIES = Object.keys(PHRASES);

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const LABELS = ['Date of expiry', 'Expiry date', 'Valid until', 'Expires', 'Renewal date', 'Due date'];
const NAMES = ['Smith', 'Okafor', 'Nguyen', 'García', 'Kowalski', 'Patel', 'Dubois', 'Müller'];

/** A small seeded generator (mulberry32). */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const iso = (d: Date) => d.toISOString().slice(0, 10);

function printed(date: Date, style: number): string {
  const dd = String(date.getUTCDate()).padStart(2, '0');
  const mm = String(date.getUTCMonth() + 1).padStart(2, '0');
  const yyyy = date.getUTCFullYear();
  if (style === 0) return `${dd} ${MONTHS[date.getUTCMonth()]} ${yyyy}`;
  if (style === 1) return `${dd}/${mm}/${yyyy}`;
  if (style === 2) return `${dd}.${mm}.${yyyy}`;
  return `${date.getUTCDate()} ${date.toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' })} ${yyyy}`;
}

export function corpus(perCategory = 10, seed = 15): LabelledDocument[] {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const docs: LabelledDocument[] = [];
  for (const category of CATEGORIES) {
    for (let i = 0; i < perCategory; i += 1) {
      const phrases = [...PHRASES[category]].sort(() => rnd() - 0.5).slice(0, 3 + Math.floor(rnd() * 3));
      const issued = new Date(Date.UTC(2018 + Math.floor(rnd() * 7), Math.floor(rnd() * 12), 1 + Math.floor(rnd() * 28)));
      const expires = rnd() < 0.8 ? new Date(issued.getTime() + (365 + Math.floor(rnd() * 3650)) * 86_400_000) : null;
      const lines = [
        ...phrases.map((p) => `${p}: ${pick(NAMES)} ${Math.floor(rnd() * 1e6)}`),
        `Date of issue: ${printed(issued, Math.floor(rnd() * 4))}`,
        ...(expires ? [`${pick(LABELS)}: ${printed(expires, Math.floor(rnd() * 4))}`] : []),
        `Date of birth: ${printed(new Date(Date.UTC(1960 + Math.floor(rnd() * 40), 3, 12)), 0)}`,
      ].sort(() => rnd() - 0.5);
      docs.push({ category, text: lines.join('\n'), issuedOn: iso(issued), expiresOn: expires ? iso(expires) : null });
    }
  }
  return docs;
}

/** The person's filing: the first `perCategory` documents of each category are filed, the rest are scored. */
export function splitFiled<T extends { category: string }>(docs: readonly T[], perCategory: number): { filed: T[]; rest: T[] } {
  const seen = new Map<string, number>();
  const filed: T[] = [];
  const rest: T[] = [];
  for (const d of docs) {
    const k = seen.get(d.category) ?? 0;
    seen.set(d.category, k + 1);
    (k < perCategory ? filed : rest).push(d);
  }
  return { filed, rest };
}

/**
 * Papers that belong to none of the 20 categories (issue 21 §6): a software manual, a household
 * budget, a recipe… Each carries words the rules or a person's filing also know ("Total",
 * "Electricity", "Version 4.1", "Reference"), as real ones do. A suggestion for any category but
 * Miscellaneous is wrong for them. Deterministic: `variants` copies of each, lines shuffled.
 */
const UNCATEGORISED: Array<[string, string[]]> = [
  ['software manual', ['User manual', 'Version 4.1', 'Installation', 'Press Enter to continue', 'Configure the settings', 'Total of 12 steps', 'Troubleshooting', 'Chapter 3']],
  ['household budget', ['Household budget', 'Groceries 320', 'Electricity 60', 'Gas 45', 'Water 30', 'Total 1 240', 'Savings goal']],
  ['recipe', ['Lemon drizzle cake', 'Ingredients', '200 g flour', '2 eggs', 'Bake at 180 degrees', 'Serves 8', 'Total time 1 hour']],
  ['meeting minutes', ['Minutes of the meeting', 'Attendees', 'Apologies', 'Action points', 'Next meeting', 'Agenda item 4']],
  ['letter to a friend', ['Dear Sam', 'It was lovely to see you', 'The garden is full of roses', 'Love', 'See you in the summer']],
  ['school timetable', ['Timetable', 'Monday', 'Maths', 'Art', 'Lunch break', 'Swimming on Friday']],
  ['packing list', ['Packing list', 'Sun cream', 'Chargers', 'Swimsuit', 'Books', 'Qty 2 towels']],
  ['knitting pattern', ['Knitting pattern', 'Cast on 40 stitches', 'Row 1 knit', 'Row 2 purl', 'Wool 4 ply', 'Needles 4 mm']],
  ['garden plan', ['Garden plan', 'Tomatoes by the fence', 'Water every evening', 'Compost', 'Seeds from the market']],
  ['product release notes', ['Release notes', 'Version 2.3.1', 'Fixed a crash on start', 'Reference 4.1 of the protocol', 'Known issues', 'Page 2']],
  ['parish newsletter', ['Parish newsletter', 'Summer fete', 'Cake stall', 'Volunteers needed', 'Kind regards', 'Page 1 of 2']],
  ['running log', ['Running log', 'Week 12', '5 km in 27 minutes', 'Long run Sunday', 'Total distance 32 km']],
];

export function uncategorised(variants = 2, seed = 21): string[] {
  const rnd = random(seed);
  const out: string[] = [];
  for (const [, lines] of UNCATEGORISED) for (let i = 0; i < variants; i += 1) out.push([...lines].sort(() => rnd() - 0.5).join('\n'));
  return out;
}
