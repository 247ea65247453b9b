import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseLibraryState, serializeLibraryState, type LibraryState } from './library-state';

/**
 * The library state, read from and written to the address. Filter changes push a history entry
 * (back undoes them); typing in the search box replaces the current entry.
 */
export function useLibraryState(): [LibraryState, (changes: Partial<LibraryState>, options?: { replace?: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const state = useMemo(() => parseLibraryState(params), [key]);
  const update = useCallback(
    (changes: Partial<LibraryState>, options?: { replace?: boolean }) => {
      setParams((current) => new URLSearchParams(serializeLibraryState({ ...parseLibraryState(current), ...changes })), {
        replace: options?.replace,
      });
    },
    [setParams],
  );
  return [state, update];
}
