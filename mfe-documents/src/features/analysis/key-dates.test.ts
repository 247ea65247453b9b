import { findKeyDates } from './key-dates';

const ref = new Date('2026-11-23T12:00:00Z');

describe('findKeyDates', () => {
  it('reads a passport’s expiry and issue dates with the words they came from', () => {
    const text = 'PASSPORT\nSurname: TESTER\nDate of birth: 02 FEB 1990\nDate of issue: 14 MAR 2021\nDate of expiry: 14 MAR 2031';
    const dates = findKeyDates(text, ref);
    expect(dates.expires_on).toEqual({ date: '2031-03-14', source: 'Date of expiry: 14 MAR 2031' });
    expect(dates.issued_on).toEqual({ date: '2021-03-14', source: 'Date of issue: 14 MAR 2021' });
  });

  it('reads numeric dates day-first, unless the text shows month-first dates', () => {
    expect(findKeyDates('Policy valid until 03/04/2031', ref).expires_on?.date).toBe('2031-04-03');
    expect(findKeyDates('Issued 04/23/2025. Expires 03/04/2031', ref).expires_on?.date).toBe('2031-03-04');
  });

  it('finds renewal and due dates, and a date printed on the line under its label', () => {
    expect(findKeyDates('Renewal date: 1 September 2027', ref).expires_on?.date).toBe('2027-09-01');
    expect(findKeyDates('Amount due\nDue date\n15.01.2027', ref).expires_on?.date).toBe('2027-01-15');
    expect(findKeyDates('Gültig bis 31.12.2029', ref).expires_on?.date).toBe('2029-12-31');
  });

  it('ignores bare dates without a label (a birth date is not an expiry)', () => {
    expect(findKeyDates('Date of birth: 02 FEB 1990\nLetter sent 3 May 2025', ref)).toEqual({ expires_on: null, issued_on: null });
    expect(findKeyDates('', ref)).toEqual({ expires_on: null, issued_on: null });
  });
});
