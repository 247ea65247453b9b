import { daysLeftText, radarGroup, reminderText } from './radar';

describe('expiry radar', () => {
  it('groups by days left: overdue, this month, next 3 months, else off the radar', () => {
    expect(radarGroup(-400)).toBeNull();
    expect(radarGroup(-1)).toBe('overdue');
    expect(radarGroup(0)).toBe('month');
    expect(radarGroup(30)).toBe('month');
    expect(radarGroup(31)).toBe('quarter');
    expect(radarGroup(90)).toBe('quarter');
    expect(radarGroup(91)).toBeNull();
  });

  it('says when, in words', () => {
    expect(daysLeftText(0)).toBe('today');
    expect(daysLeftText(1)).toBe('in 1 day');
    expect(daysLeftText(-3)).toBe('3 days ago');
    expect(reminderText('passport.png', 30)).toBe('passport.png expires in 30 days');
    expect(reminderText('passport.png', 0)).toBe('passport.png expires today');
  });
});
