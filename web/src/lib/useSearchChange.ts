/**
 * Changes some of the address's search params and keeps the others. It starts from the address as it is now, not
 * as the last render read it: the router renders a navigation in a transition, so two quick changes (a tab, then a
 * town) would otherwise each start from the same old address and the second would undo the first.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** A value of '' (or null) removes the param. */
export type SearchChange = Record<string, string | null | undefined>;

export function useSearchChange(): (change: SearchChange, options?: { replace?: boolean }) => void {
  const navigate = useNavigate();
  return useCallback(
    (change, options) => {
      const next = new URLSearchParams(window.location.search);
      for (const [key, value] of Object.entries(change))
        if (value) next.set(key, value);
        else next.delete(key);
      const search = next.toString();
      void navigate({ search: search ? `?${search}` : '' }, { replace: options?.replace });
    },
    [navigate],
  );
}
