import { DEFAULT_LIBRARY_STATE, effectiveSort, hasPanelFilters, isFiltered, parseLibraryState, serializeLibraryState } from './library-state';

const TAG = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const CAT = '9a7b3c1d-2e4f-4a5b-8c6d-7e8f9a0b1c2d';

describe('library state in the address', () => {
  it('round-trips every field', () => {
    const state = {
      ...DEFAULT_LIBRARY_STATE,
      q: 'tax 2025',
      sort: 'size' as const,
      dir: 'asc' as const,
      view: 'grid' as const,
      category: [CAT],
      tag: [TAG],
      type: ['pdf' as const, 'image' as const],
      from: '2025-01-01',
      to: '2025-12-31',
      trash: true,
      doc: TAG,
    };
    expect(parseLibraryState(serializeLibraryState(state))).toEqual(state);
  });

  it('leaves defaults out of the address', () => {
    expect(serializeLibraryState(DEFAULT_LIBRARY_STATE)).toBe('');
    expect(serializeLibraryState({ ...DEFAULT_LIBRARY_STATE, q: '  invoice ' })).toBe('q=invoice');
  });

  it('falls back to defaults for malformed values without throwing', () => {
    const state = parseLibraryState('?sort=drop%20table&dir=sideways&view=3d&tag=not-a-uuid,' + TAG + '&type=exe,pdf&from=2025-02-30&to=yesterday&trash=yes&doc=../x&q=%E0%A4%A');
    expect(state).toEqual({ ...DEFAULT_LIBRARY_STATE, tag: [TAG], type: ['pdf'], q: state.q });
    expect(typeof state.q).toBe('string');
  });

  it('swaps a reversed date range and caps a long query', () => {
    const state = parseLibraryState(`from=2025-12-01&to=2025-01-01&q=${'a'.repeat(500)}`);
    expect([state.from, state.to]).toEqual(['2025-01-01', '2025-12-01']);
    expect(state.q).toHaveLength(200);
  });

  it('knows when the library is narrowed and which sort applies', () => {
    expect(isFiltered(DEFAULT_LIBRARY_STATE)).toBe(false);
    expect(isFiltered({ ...DEFAULT_LIBRARY_STATE, tag: [TAG] })).toBe(true);
    expect(effectiveSort(DEFAULT_LIBRARY_STATE)).toBe('created');
    expect(effectiveSort({ ...DEFAULT_LIBRARY_STATE, q: 'x' })).toBe('relevance');
    expect(effectiveSort({ ...DEFAULT_LIBRARY_STATE, sort: 'relevance' })).toBe('created');
  });

  it("says the phone's Filters panel is on only for its own filters, not for a search (found by hand: \"Filters (on)\" with none set)", () => {
    expect(isFiltered({ ...DEFAULT_LIBRARY_STATE, q: 'zoe passport' })).toBe(true);
    expect(hasPanelFilters({ ...DEFAULT_LIBRARY_STATE, q: 'zoe passport' })).toBe(false);
    expect(hasPanelFilters({ ...DEFAULT_LIBRARY_STATE, q: 'zoe', type: ['pdf'] })).toBe(true);
    expect(hasPanelFilters({ ...DEFAULT_LIBRARY_STATE, from: '2025-01-01' })).toBe(true);
    expect(hasPanelFilters(DEFAULT_LIBRARY_STATE)).toBe(false);
  });
});
