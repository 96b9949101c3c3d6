/**
 * The service categories (GET /category/all): loaded once and kept for the whole visit, shared by every
 * screen that turns category ids into names.
 */
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../../common/types';
import { api } from './api';

export const getCategories = () => api.get<Category[]>('/category/all');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: Infinity });

export function useCategories() {
  const query = useQuery(categoriesQueryOptions());
  const categories = useMemo(() => query.data ?? [], [query.data]);
  const byId = useMemo(() => new Map(categories.map((c) => [c._id, c.name])), [categories]);
  return { categories, byId, loading: query.isPending, error: query.error, retry: query.refetch };
}

/** Names of the given category ids; unknown ids read 'Unknown Category'. */
export function categoryNames(ids: readonly string[] | undefined, byId: ReadonlyMap<string, string>): string[] {
  return (ids ?? []).map((id) => byId.get(id) ?? 'Unknown Category');
}
