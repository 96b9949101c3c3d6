/**
 * The service categories (GET /category/all), fetched once per page load and shared by every screen
 * that turns category ids into names.
 */
import { useMemo } from 'react';
import type { Category } from '../../../common/types';
import { api } from './api';
import { useAsync } from './useAsync';

let cached: Promise<Category[]> | undefined;

export function fetchCategories(): Promise<Category[]> {
  cached ??= api.get<Category[]>('/category/all').catch((err: unknown) => {
    cached = undefined; // try again next time
    throw err;
  });
  return cached;
}

export function useCategories() {
  const state = useAsync(fetchCategories, []);
  const categories = state.data ?? [];
  const byId = useMemo(() => new Map(categories.map((c) => [c._id, c.name])), [categories]);
  return { categories, byId, loading: state.loading, error: state.error };
}

/** Names of the given category ids; unknown ids read 'Unknown Category'. */
export function categoryNames(ids: readonly string[] | undefined, byId: ReadonlyMap<string, string>): string[] {
  return (ids ?? []).map((id) => byId.get(id) ?? 'Unknown Category');
}
