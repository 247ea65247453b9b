import type { TrustedEvent } from '../../api/trusted-contacts';
import { describeTrustedEvent } from './trusted-history';

const at = '2026-11-24T10:00:00Z';
const ev = (kind: TrustedEvent['kind'], by: TrustedEvent['by'], detail: Record<string, unknown> = {}): TrustedEvent => ({ kind, by, at, detail });
const owner = { role: 'owner' as const, owner_email: 'ana@example.com', contact_email: 'cy@example.com' };
const contact = { ...owner, role: 'contact' as const };

describe('trusted-contact history lines', () => {
  it('reads from the owner\'s side', () => {
    expect(describeTrustedEvent(ev('named', 'owner'), owner)).toBe('You named cy@example.com as trusted contact');
    expect(describeTrustedEvent(ev('requested', 'contact'), owner)).toBe('cy@example.com asked for access');
    expect(describeTrustedEvent(ev('opened', 'contact', { document: 'will.pdf' }), owner)).toBe('cy@example.com opened “will.pdf”');
  });

  it('reads from the contact\'s side', () => {
    expect(describeTrustedEvent(ev('named', 'owner'), contact)).toBe('ana@example.com named you as trusted contact');
    expect(describeTrustedEvent(ev('denied', 'owner'), contact)).toBe('ana@example.com denied the request');
    expect(describeTrustedEvent(ev('granted', 'system'), contact)).toBe('The waiting period ended: access opened');
    expect(describeTrustedEvent(ev('requested', 'contact'), contact)).toBe('You asked for access');
  });
});
