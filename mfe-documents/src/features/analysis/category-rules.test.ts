import { MASTER_CATEGORY_NAMES, scoreCategories } from './category-rules';

describe('scoreCategories (cold-start rules)', () => {
  it('covers the 20 master categories of SPEC §3', () => {
    expect(MASTER_CATEGORY_NAMES).toHaveLength(20);
  });

  it.each([
    ['PASSPORT Surname TESTER Nationality BRITISH CITIZEN Date of birth', 'Personal ID'],
    ['Driving licence DVLA', 'Personal ID'],
    ['Patient: J Smith. Diagnosis: hypertension. Prescription attached.', 'Medical Records'],
    ['Your policy number is HX-2231. Premium £24 a month. Home insurance schedule.', 'Insurance'],
    ['P60 End of year certificate, tax year to 5 April 2025', 'Tax Documents'],
    ['Payslip March. Gross pay 3,000. Net pay 2,300. Employer: Acme', 'Employment'],
    ['MOT test certificate. Odometer reading 45,000 miles', 'Vehicle Records'],
    ['Assured shorthold tenancy agreement between the landlord and the tenant', 'Real Estate'],
    ['Receipt. Subtotal 12.00 VAT 2.40 Total 14.40 Card ending 1234', 'Receipts'],
  ])('%s → %s', (text, category) => {
    expect(scoreCategories(text)[0]?.name).toBe(category);
  });

  it('gives a confidence and the words that decided it; nothing matches nothing', () => {
    const [best] = scoreCategories('PASSPORT Nationality Surname Given names');
    expect(best?.confidence).toBeGreaterThan(0.6);
    expect(best?.because).toEqual(expect.arrayContaining(['passport', 'nationality']));
    expect(scoreCategories('lorem ipsum')).toEqual([]);
  });

  it('reads the file name too', () => {
    expect(scoreCategories('', 'boarding_pass-LHR.pdf')[0]?.name).toBe('Travel');
  });
});
