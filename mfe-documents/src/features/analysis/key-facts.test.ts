import { corpus } from './testing/labelled-corpus';
import { findKeyFacts, inNotes, isVersionNumber, mrzCheckDigit, parseAmount, validNhsNumber, vinCheckDigitValid, withFact, type KeyFact } from './key-facts';

const brief = (facts: KeyFact[]) => facts.map((f) => `${f.label}: ${f.value}`);
const find = (text: string, label: string) => findKeyFacts(text).find((f) => f.label === label);

describe('amounts', () => {
  it('reads an insurance schedule’s premium and excess with their currency and source line', () => {
    const text = 'HOME INSURANCE SCHEDULE\nPolicyholder: Ms A Tester\nAnnual premium: £1,234.56\nVoluntary excess £250\nIPT included';
    const facts = findKeyFacts(text);
    expect(facts.find((f) => f.label === 'Annual premium')).toEqual({
      kind: 'amount',
      label: 'Annual premium',
      value: '£1,234.56',
      amount: { value: 1234.56, currency: 'GBP' },
      source: 'Annual premium: £1,234.56',
      confidence: 0.9,
    });
    expect(find(text, 'Excess')).toMatchObject({ value: '£250.00', amount: { value: 250, currency: 'GBP' } });
  });

  it('reads continental and American forms, symbol before or after', () => {
    expect(find('Rechnung\nGesamtbetrag: 1.234,56 €', 'Gesamtbetrag')?.amount).toEqual({ value: 1234.56, currency: 'EUR' });
    expect(find('Montant total 1 234,50 EUR', 'Montant total')?.amount).toEqual({ value: 1234.5, currency: 'EUR' });
    expect(find('Amount due: USD 2,000', 'Amount due')?.amount).toEqual({ value: 2000, currency: 'USD' });
    expect(find('Total $19.99', 'Total')?.value).toBe('US$19.99');
    expect(find('Total due\n€ 80', 'Total due')?.value).toBe('€80.00');
  });

  it('takes a payslip’s bare figures only with two decimals, in the currency the document uses', () => {
    const text = 'PAYSLIP  Employer: Acme Ltd\nGross pay 2,345.67\nTax (£) 312.00\nNet pay 1,876.40\nHours 160';
    expect(brief(findKeyFacts(text).filter((f) => f.kind === 'amount'))).toEqual(['Gross pay: £2,345.67', 'Net pay: £1,876.40']);
    expect(find(text, 'Net pay')?.confidence).toBe(0.75);
    // No currency anywhere: the figure, with less confidence.
    expect(find('Net pay 1,876.40', 'Net pay')).toMatchObject({ value: '1,876.40', amount: { value: 1876.4, currency: null }, confidence: 0.6 });
    expect(find('Total 3', 'Total')).toBeUndefined();
  });

  it('does not take a date, a VAT line or a subtotal for the total', () => {
    expect(findKeyFacts('Amount due by 15.01.2027')).toEqual([]);
    expect(findKeyFacts('Balance due\n15/01/2027')).toEqual([]);
    const receipt = 'RECEIPT\nSubtotal £19.50\nTotal VAT £3.90\nTotal £23.40\nCard ending 1234';
    expect(brief(findKeyFacts(receipt))).toEqual(['Total: £23.40']);
  });

  it('parses thousands and decimal separators both ways', () => {
    expect(parseAmount('1,234.56')).toBe(1234.56);
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount('1,234')).toBe(1234);
    expect(parseAmount('1.234')).toBe(1234);
    expect(parseAmount('12,5')).toBe(12.5);
    expect(parseAmount('1 234 567,89')).toBe(1234567.89);
  });
});

describe('identifiers', () => {
  it('reads a policy, its number and the line it came from', () => {
    const text = 'Car insurance certificate\nPolicy No.: HX-4471-22\nVehicle registration mark: AB12 CDE\nVIN: 1HGCM82633A004352';
    const facts = findKeyFacts(text);
    expect(facts).toEqual(
      expect.arrayContaining([
        { kind: 'identifier', label: 'Policy number', value: 'HX-4471-22', source: 'Policy No.: HX-4471-22', confidence: 0.85 },
        expect.objectContaining({ label: 'Vehicle registration', value: 'AB12 CDE' }),
        // The VIN's check digit holds.
        expect.objectContaining({ label: 'VIN', value: '1HGCM82633A004352', confidence: 0.97 }),
      ]),
    );
  });

  it('validates an IBAN’s checksum, printed in groups or not, labelled or not', () => {
    const statement = 'Bank statement\nSort code: 20-00-00   Account number: 12345678\nIBAN GB82 WEST 1234 5698 7654 32 BIC NWBKGB2L';
    expect(brief(findKeyFacts(statement))).toEqual(['IBAN: GB82 WEST 1234 5698 7654 32', 'Sort code: 20-00-00', 'Account number: 12345678']);
    expect(find('Pay to DE89370400440532013000 by Friday', 'IBAN')?.value).toBe('DE89 3704 0044 0532 0130 00');
    // One digit wrong: not an IBAN.
    expect(find('IBAN: GB82 WEST 1234 5698 7654 33', 'IBAN')).toBeUndefined();
  });

  it('reads a passport’s number from its label and from the machine-readable zone', () => {
    const page = [
      'PASSPORT  Type P  Code UTO',
      'Passport No. L898902C3',
      'Surname ERIKSSON',
      'Date of birth 12 AUG 1974',
      'P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<',
      'L898902C36UTO7408122F1204159ZE184226B<<<<<10',
    ].join('\n');
    const passport = findKeyFacts(page).filter((f) => f.label === 'Passport number');
    expect(passport).toEqual([expect.objectContaining({ value: 'L898902C3', confidence: 0.97 })]);
    expect(mrzCheckDigit('L898902C3')).toBe(6);
  });

  it('finds National Insurance and NHS numbers, checking what can be checked', () => {
    expect(find('National Insurance number: JG103756A', 'National Insurance number')).toMatchObject({ value: 'JG 10 37 56 A', confidence: 0.95 });
    // Without a label, the pattern alone, less sure.
    expect(find('Employee JG 10 37 56 A  Tax code 1257L', 'National Insurance number')?.confidence).toBe(0.7);
    expect(find('NHS Number: 943 476 5919', 'NHS number')?.value).toBe('943 476 5919');
    expect(find('NHS Number: 943 476 5918', 'NHS number')).toBeUndefined();
    expect(validNhsNumber('9434765919')).toBe(true);
    expect(vinCheckDigitValid('1HGCM82633A004352')).toBe(true);
    expect(vinCheckDigitValid('1HGCM82643A004352')).toBe(false);
  });

  it('reads invoice and booking references under their own labels', () => {
    const invoice = 'INVOICE\nInvoice number: INV-2026-0042\nYour ref: PO 7781\nCustomer number: C009912\nTotal due: £540.00';
    expect(brief(findKeyFacts(invoice))).toEqual(
      expect.arrayContaining(['Invoice number: INV-2026-0042', 'Customer number: C009912', 'Total due: £540.00']),
    );
    expect(find('Booking reference: XK7Q2P', 'Booking reference')?.value).toBe('XK7Q2P');
  });

  it('does not take a date or a phone number for a reference', () => {
    const letter = [
      'Reference: 12/03/2024',
      'Our ref 2024-03-12',
      'Customer number: 0161 496 0000',
      'Ref: 07700900123',
      'Tel: 020 7946 0958  Date of birth: 02/03/1990',
      'Account number: 01/02/2025',
    ].join('\n');
    expect(findKeyFacts(letter)).toEqual([]);
  });

  it('does not take a version number for a reference (issue 21 §6: "Reference: 4.1 75 % sure" on a manual)', () => {
    const manual = ['User manual', 'Reference 4.1 of the protocol', 'Ref: v2.3.1', 'Reference: 10.15', 'Serial number: 1.0.0'].join('\n');
    expect(findKeyFacts(manual)).toEqual([]);
    // A real reference with dots or a version-like prefix still counts.
    expect(find('Reference: 123.456.789', 'Reference')?.value).toBe('123.456.789');
    expect(find('Reference: 4.1-AX77', 'Reference')?.value).toBe('4.1-AX77');
    expect(find('Our ref: 2024.1187', 'Our reference')?.value).toBe('2024.1187');
  });

  it('tells a version number from other dotted numbers', () => {
    expect(['4.1', '2.3.1', 'v10.15', '1.0.0.12'].filter(isVersionNumber)).toEqual(['4.1', '2.3.1', 'v10.15', '1.0.0.12']);
    expect(['123.456.789', '2024.1187', '4.1-AX77', '41', '12.34.56.78.90'].filter(isVersionNumber)).toEqual([]);
  });
});

describe('the generated corpus (testing/labelled-corpus.ts)', () => {
  const documents = corpus();

  it('finds nothing on its date lines, and no identifier where only a name follows the label', () => {
    // Its lines are "<phrase>: <surname> <number>" and dates ("Date of issue: 14/03/2021"): the
    // label is followed by a name, not an identifier, and no line carries a currency.
    let facts = 0;
    for (const doc of documents) {
      for (const fact of findKeyFacts(doc.text)) {
        facts += 1;
        expect(fact.source).not.toMatch(/date|expir|valid|renewal|due/i);
      }
    }
    expect(facts).toBe(0);
  });

  it('reads the identifiers and amounts once they are real, in every category', () => {
    for (const doc of documents.filter((_, i) => i % 10 === 0)) {
      const text = `${doc.text}\nPolicy number: PN-${doc.issuedOn.replace(/-/g, '')}\nTotal: £1,024.50`;
      expect(brief(findKeyFacts(text))).toEqual(expect.arrayContaining([`Policy number: PN-${doc.issuedOn.replace(/-/g, '')}`, 'Total: £1,024.50']));
    }
  });
});

describe('notes', () => {
  it('appends the fact as a line and knows when it is there already', () => {
    const fact = { label: 'Policy number', value: 'HX-4471-22' };
    expect(withFact(null, fact)).toBe('Policy number: HX-4471-22');
    expect(withFact('Renew with the broker.\n', fact)).toBe('Renew with the broker.\nPolicy number: HX-4471-22');
    expect(inNotes(fact, 'policy hx 4471 22')).toBe(true);
    expect(inNotes(fact, null)).toBe(false);
  });
});

describe('the source of a fact in a long line', () => {
  it('shows the words around it, not the start of the line', () => {
    const layer = `${'Terms and conditions apply to this schedule of cover. '.repeat(4)}Policy number: HX-4471-22 ${'Please keep this document safe. '.repeat(4)}`;
    const source = find(layer, 'Policy number')?.source ?? '';
    expect(source).toContain('Policy number: HX-4471-22');
    expect(source.startsWith('…')).toBe(true);
    expect(source.endsWith('…')).toBe(true);
    expect(source.length).toBeLessThan(140);
  });
});
