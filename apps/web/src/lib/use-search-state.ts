import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** Sets a search parameter, or removes it for null. */
export type SetParam = (key: string, value: string | null) => void;

/**
 * A screen's state kept in the URL's search, so reload, back/forward and shared links keep it:
 * `update(patch)` writes a patch through `write` (a stable function) as a new history entry, or in
 * place with `{ replace: true }`.
 */
export function useSearchState<P>(write: (patch: Partial<P>, set: SetParam) => void) {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (patch: Partial<P>, options: { replace?: boolean } = {}) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          write(patch, (key, value) => (value === null ? next.delete(key) : next.set(key, value)));
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearch, write],
  );
  return { search, update };
}
