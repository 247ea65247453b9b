import { LEGAL_FACTS } from '../limits';
import { PRIVACY_POLICY, TERMS_OF_SERVICE, legalTextContent } from './legal-texts';

const privacy = legalTextContent(PRIVACY_POLICY);
const terms = legalTextContent(TERMS_OF_SERVICE);

describe('legal texts state SPEC §5/§9 facts', () => {
  it('minimum age 13 and parental permission under 18, in both texts', () => {
    for (const text of [privacy, terms]) {
      expect(text).toMatch(new RegExp(`under ${LEGAL_FACTS.parentalPermissionUnder}, you may use (Dossier|it) only with the permission of a parent`));
    }
    expect(terms).toContain('You must be at least 13 years old to use Dossier.');
    expect(privacy).toContain('not meant for children under 13');
  });

  it('privacy requests answered within 30 days', () => {
    expect(privacy).toContain('We answer privacy requests within 30 days.');
  });

  it('account data deleted within 30 days', () => {
    expect(privacy).toContain('your account data and documents are deleted within 30 days');
    expect(terms).toContain('your account data is then deleted within 30 days');
  });

  it('usage data kept about 2 years', () => {
    expect(privacy).toContain('Usage data is kept for about 2 years');
  });

  it('liability capped at 12 months of fees', () => {
    expect(terms).toContain('limited to the fees you paid us in the 12 months before the claim');
  });

  it('every section has a unique id within its text', () => {
    for (const text of [PRIVACY_POLICY, TERMS_OF_SERVICE]) {
      const ids = text.sections.map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});
