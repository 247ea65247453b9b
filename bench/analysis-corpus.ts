/**
 * A generated, labelled corpus for the analysis benchmark (issue 15 §4): for each of the 20 master
 * categories, documents built from phrases such papers carry, with random names, numbers, an issue
 * and (for most) an expiry date printed in several forms. Deterministic (seeded), so figures compare.
 * Caveat: the phrases are written by the same hands as the rules, so rule accuracy here is an upper
 * bound, not a field measurement.
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
