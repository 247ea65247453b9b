import { expiryOf, maxViewsOf } from './share-dialog';

describe('share link options', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('turns the expiry choice into an instant', () => {
    expect(expiryOf({ expiry: 'none', date: '' }, now)).toBeNull();
    expect(expiryOf({ expiry: '1', date: '' }, now)).toBe('2026-11-24T10:00:00.000Z');
    expect(expiryOf({ expiry: '30', date: '' }, now)).toBe('2026-12-23T10:00:00.000Z');
    expect(new Date(expiryOf({ expiry: 'date', date: '2027-01-31' }, now)!).getDate()).toBe(31);
    expect(expiryOf({ expiry: 'date', date: '' }, now)).toBeNull();
  });

  it('turns the view choice into a limit', () => {
    expect(maxViewsOf({ limit: 'none', views: '5' })).toBeNull();
    expect(maxViewsOf({ limit: 'once', views: '5' })).toBe(1);
    expect(maxViewsOf({ limit: 'number', views: '12' })).toBe(12);
    expect(maxViewsOf({ limit: 'number', views: '0' })).toBe(1);
  });
});
