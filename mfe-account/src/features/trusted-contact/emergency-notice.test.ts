import { daysLeftToDeny, emergencyRequestText } from './emergency-notice';

describe('the dashboard notice of an emergency access request (issue 22)', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');

  it('counts the whole days left to deny it', () => {
    expect(daysLeftToDeny('2026-12-04T12:00:00Z', now)).toBe(7);
    expect(daysLeftToDeny('2026-11-28T11:00:00Z', now)).toBe(1);
    expect(daysLeftToDeny('2026-11-27T13:00:00Z', now)).toBe(1);
    expect(daysLeftToDeny('2026-11-27T11:00:00Z', now)).toBe(0);
  });

  it('names who asked and the days left, in words that match the count', () => {
    expect(emergencyRequestText({ contact_email: 'sam@example.com', access_from: '2026-12-04T12:00:00Z' }, now)).toMatch(/^sam@example\.com asked for emergency access: 7 days left to deny it \(access opens .+\)\.$/);
    expect(emergencyRequestText({ contact_email: 'sam@example.com', access_from: '2026-11-28T12:00:00Z' }, now)).toContain('1 day left to deny it');
  });
});
