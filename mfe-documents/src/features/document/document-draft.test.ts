import { rebaseDraft, type Draft } from './document-draft';

const stored: Draft = { name: 'policy.pdf', category_id: '', portfolio_id: '', notes: 'Old note', issued_on: '', expires_on: '' };

test('a field the person is typing in survives a reload of the stored document', () => {
  const typing = { ...stored, name: 'home-policy.pdf' };
  const reloaded = { ...stored, notes: 'Old note\nPolicy number: HX-4471-22' };
  expect(rebaseDraft(typing, stored, reloaded)).toEqual({ ...reloaded, name: 'home-policy.pdf' });
});

test('untouched fields take the new stored values', () => {
  const reloaded = { ...stored, category_id: 'c-insurance', expires_on: '2027-03-01' };
  expect(rebaseDraft(stored, stored, reloaded)).toEqual(reloaded);
});

test('an edited field keeps the edit even when the stored value changed too', () => {
  const typing = { ...stored, notes: 'Old note, and mine' };
  const reloaded = { ...stored, notes: 'Old note\nPolicy number: HX-4471-22' };
  expect(rebaseDraft(typing, stored, reloaded).notes).toBe('Old note, and mine');
});
