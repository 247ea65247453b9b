import { NOT_CHANGED_REASON, bulkChangeToast } from './bulk-change';

describe('bulkChangeToast', () => {
  it('says the success text when every selected document changed', () => {
    expect(bulkChangeToast(['a', 'b'], ['b', 'a'], 'Moved', 'Moved 2 documents')).toEqual({ title: 'Moved 2 documents', variant: 'success' });
  });

  it('counts what changed and what did not, with why, when the database skipped some (issue 21 §4)', () => {
    expect(bulkChangeToast(['a', 'b', 'c', 'd', 'e'], ['a', 'c', 'e'], 'Moved', 'Moved 5 documents')).toEqual({
      title: `Moved 3 · Failed 2 — ${NOT_CHANGED_REASON}`,
      variant: 'warning',
    });
    expect(bulkChangeToast(['a'], [], 'Moved to the trash', 'Moved 1 document to the trash').title).toBe(`Moved to the trash 0 · Failed 1 — ${NOT_CHANGED_REASON}`);
  });
});
