import { LIBRARY_DEFAULT_PARAMS, searchKeys } from '@dossier/shared/core';
import { parseLibraryState } from './library-state';
import { searchParamsOf } from './use-document-pages';

// The shell starts the unfiltered library's first page under shared's LIBRARY_DEFAULT_PARAMS
// (ADR 0425); the library must ask for it under the very same key, or it sends a second request.
it.each(['', '?view=grid', '?doc=7d3f0c2e-1f55-4f44-9d6b-0f5d1c1b2a3e'])('the library at /documents%s asks under the key the shell prefetched', (search) => {
  const params = searchParamsOf(parseLibraryState(search));
  expect(searchKeys.page(params)).toEqual(searchKeys.page(LIBRARY_DEFAULT_PARAMS));
});

it('a filtered library asks under a key of its own', () => {
  expect(searchKeys.page(searchParamsOf(parseLibraryState('?q=tax')))).not.toEqual(searchKeys.page(LIBRARY_DEFAULT_PARAMS));
});
