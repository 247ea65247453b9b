import type { PortfolioOverview } from '@dossier/shared/core';
import { deleteConsequences } from './use-delete-portfolio';
import { sortPortfolios } from './portfolios-page';

const p = (name: string, extra: Partial<PortfolioOverview> = {}): PortfolioOverview => ({
  id: name,
  name,
  description: '',
  color: '#2563eb',
  icon: 'folder',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  document_count: 0,
  total_size: 0,
  nearest_expiry: null,
  last_changed: '2026-01-01T00:00:00Z',
  ...extra,
});

const rows = [
  p('Visa', { document_count: 3, total_size: 10, nearest_expiry: '2027-05-01', last_changed: '2026-03-01T00:00:00Z' }),
  p('house purchase', { document_count: 7, total_size: 5, last_changed: '2026-04-01T00:00:00Z', description: 'Mortgage papers' }),
  p('Tax 2025', { document_count: 1, total_size: 99, nearest_expiry: '2026-12-01', last_changed: '2026-02-01T00:00:00Z' }),
];

describe('the portfolio list', () => {
  it('sorts by last change, name, documents, size and nearest expiry', () => {
    expect(sortPortfolios(rows, 'changed', '').map((r) => r.name)).toEqual(['house purchase', 'Visa', 'Tax 2025']);
    expect(sortPortfolios(rows, 'name', '').map((r) => r.name)).toEqual(['house purchase', 'Tax 2025', 'Visa']);
    expect(sortPortfolios(rows, 'documents', '').map((r) => r.name)).toEqual(['house purchase', 'Visa', 'Tax 2025']);
    expect(sortPortfolios(rows, 'size', '').map((r) => r.name)).toEqual(['Tax 2025', 'Visa', 'house purchase']);
    expect(sortPortfolios(rows, 'expiry', '').map((r) => r.name)).toEqual(['Tax 2025', 'Visa', 'house purchase']);
  });

  it('searches names and descriptions regardless of case', () => {
    expect(sortPortfolios(rows, 'name', 'MORTGAGE').map((r) => r.name)).toEqual(['house purchase']);
    expect(sortPortfolios(rows, 'name', 'tax').map((r) => r.name)).toEqual(['Tax 2025']);
  });

  it('says how many documents stay when a portfolio is deleted', () => {
    expect(deleteConsequences(3)).toBe('Its 3 documents stay in Documents, without a portfolio. Its links stop working.');
    expect(deleteConsequences(1)).toContain('Its document stays in Documents');
    expect(deleteConsequences(0)).toContain('It had no documents.');
  });
});
