/**
 * Numbered pages over a cursor-paged list (a useInfiniteQuery): the page lives in the URL (?page=2,
 * 1-based), so Back, reload and a shared link return to it. Opening page 3 directly reads pages 1-3
 * (the API only pages by cursor). The API does not say how many pages there are: the pagination shows
 * the pages read so far and, when the server has more, one more.
 */
import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ApiPage } from './api';
import { useSearchChange } from './useSearchChange';

export const PAGE_PARAM = 'page';

/** The 0-based page in the URL and a setter that keeps the other search params (a new history entry). */
export function usePageParam(): [number, (page: number) => void] {
  const [params] = useSearchParams();
  const change = useSearchChange();
  const raw = Number.parseInt(params.get(PAGE_PARAM) ?? '1', 10);
  const page = Number.isFinite(raw) && raw > 1 ? raw - 1 : 0;
  const setPage = useCallback(
    (next: number) => {
      change({ [PAGE_PARAM]: next > 0 ? String(next + 1) : null });
      window.scrollTo({ top: 0, behavior: 'smooth' });
    },
    [change],
  );
  return [page, setPage];
}

export function usePagedList<T>(query: UseInfiniteQueryResult<InfiniteData<ApiPage<T[]>>>) {
  const [page, setPage] = usePageParam();
  const pages = query.data?.pages ?? [];
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = query;

  // Read on until the page in the URL is reached (or the list ends).
  useEffect(() => {
    if (page >= pages.length && pages.length > 0 && hasNextPage && !isFetchingNextPage && !isError)
      void fetchNextPage();
  }, [page, pages.length, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const reachable = pages.length + (hasNextPage ? 1 : 0);
  // A page past the end of the list (an old link) shows the last page.
  const shown = query.isSuccess && !hasNextPage && page >= pages.length ? Math.max(0, pages.length - 1) : page;
  // While the next page loads, the last page read stays on screen (dimmed).
  const current = pages[shown] ?? pages[pages.length - 1];
  return {
    items: current?.items ?? [],
    page: shown,
    pageCount: Math.max(reachable, shown + 1),
    hasNext: shown + 1 < pages.length || !!hasNextPage,
    /** Nothing to show yet. */
    loading: query.isPending,
    /** The page shown is being replaced. */
    fetching: query.isFetching,
    error: query.error,
    retry: () => (query.isError && pages.length > 0 ? void fetchNextPage() : void query.refetch()),
    goTo: setPage,
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
