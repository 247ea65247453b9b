import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_PURPOSES, DEFAULT_CONSENT_CHOICES, ESSENTIAL_PURPOSE, type ConsentChoices } from '@dossier/shared/core/consent';
import { ConsentFields } from './consent-fields';

function Harness({ error = null }: { error?: string | null }) {
  const [choices, setChoices] = useState<ConsentChoices>({ ...DEFAULT_CONSENT_CHOICES });
  return <ConsentFields choices={choices} onChange={(key, checked) => setChoices((c) => ({ ...c, [key]: checked }))} error={error} legalAction={(which) => <button type="button">Read {which}</button>} />;
}

describe('ConsentFields (one consent form for the dialog and Privacy Settings)', () => {
  it('keeps essential on and lets each purpose and acceptance be ticked', async () => {
    render(<Harness />);
    expect(screen.getByRole('checkbox', { name: ESSENTIAL_PURPOSE.label })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: ESSENTIAL_PURPOSE.label })).toBeDisabled();
    for (const purpose of CONSENT_PURPOSES) {
      const box = screen.getByRole('checkbox', { name: purpose.label });
      expect(box).toHaveAccessibleDescription(purpose.description);
      await userEvent.click(box);
      expect(box).toBeChecked();
    }
    await userEvent.click(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' }));
    expect(screen.getByRole('checkbox', { name: 'I accept the Terms of Service' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Read privacy' })).toBeInTheDocument();
  });

  it('marks the unticked acceptances invalid and describes them with the error', () => {
    render(<Harness error="You must accept the Terms of Service and Privacy Policy to continue." />);
    const terms = screen.getByRole('checkbox', { name: 'I accept the Terms of Service' });
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(terms).toHaveAccessibleDescription('You must accept the Terms of Service and Privacy Policy to continue.');
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });
});
