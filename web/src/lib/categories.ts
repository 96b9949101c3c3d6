/**
 * The service categories (GET /category/all): loaded once and kept for the whole visit, shared by every
 * screen that turns category ids into names. Names are the catalogue's (`services.category.<id>`) in the
 * chosen language; a category the catalogue does not know keeps the name the API gives.
 */
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import type { Category } from '../../../common/types';
import { api } from './api';

export const getCategories = () => api.get<Category[]>('/category/all');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: Infinity });

export function useCategories() {
  const intl = useIntl();
  const query = useQuery(categoriesQueryOptions());
  const categories = useMemo(
    () =>
      (query.data ?? []).map((c) => {
        const id = `services.category.${c._id}`;
        return id in intl.messages ? { ...c, name: intl.formatMessage({ id }) } : c;
      }),
    [query.data, intl],
  );
  const byId = useMemo(() => new Map(categories.map((c) => [c._id, c.name])), [categories]);
  const unknown = intl.formatMessage({ id: 'services.category.unknown' });
  /** Names of the given category ids; an unknown id reads 'Unknown Category'. */
  const names = useMemo(
    () => (ids: readonly string[] | undefined) => (ids ?? []).map((id) => byId.get(id) ?? unknown),
    [byId, unknown],
  );
  return { categories, byId, names, loading: query.isPending, error: query.error, retry: query.refetch };
}
