import { VALIDATION_MESSAGES } from '../messages';
import { folderNameOrDefault, portfolioName, sanitizeFolderName } from './folder-name';

describe('SPEC §5 folder names', () => {
  it('removes the forbidden characters, collapses whitespace and trims', () => {
    expect(sanitizeFolderName('  Tax <2024>:  "Q1" / Q2 \\ a|b? c* ')).toBe('Tax 2024 Q1 Q2 ab c');
    expect(sanitizeFolderName('Visa\t\napplication')).toBe('Visa application');
  });

  it('cuts to 100 characters', () => {
    expect(sanitizeFolderName('x'.repeat(150))).toHaveLength(100);
  });

  it("uses 'Unnamed Portfolio' for a Drive folder whose name sanitises to empty", () => {
    expect(folderNameOrDefault(' <>?* ')).toBe(VALIDATION_MESSAGES.unnamedPortfolio);
  });

  it("refuses a portfolio name that sanitises to empty with 'Invalid portfolio name provided'", () => {
    expect(() => portfolioName(' /\\ ')).toThrow(VALIDATION_MESSAGES.invalidPortfolioName);
    expect(portfolioName(' House  purchase ')).toBe('House purchase');
  });
});
