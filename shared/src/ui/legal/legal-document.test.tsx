import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from '../../core/legal';
import { LegalDocument } from './legal-document';

describe('LegalDocument', () => {
  it('renders a page-level text with its title as the top heading and each section below', () => {
    render(<LegalDocument text={TERMS_OF_SERVICE} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Limitation of liability' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Terms of Service' })).toHaveTextContent('12 months before the claim');
    expect(screen.getByText('21 November 2026')).toHaveAttribute('datetime', '2026-11-21');
  });

  it('inside a dialog, can leave the title to the dialog', () => {
    render(<LegalDocument text={PRIVACY_POLICY} level={3} showTitle={false} />);
    expect(screen.queryByRole('heading', { name: 'Privacy Policy' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Children' })).toBeInTheDocument();
  });
});
