/**
 * The service categories (GET /category/all): loaded once and kept for the whole visit, shared by every
 * screen that turns category ids into names. Names are the catalogue's (`services.category.<id>`) in the
 * chosen language; a category the catalogue does not know keeps the name the API gives.
 */
import { useMemo } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIntl, type IntlShape } from '../i18n/intl';
import type { Category } from '../../../common/types';
import { api } from './api';

export const getCategories = () => api.get<Category[]>('/category/all');

export const categoriesQueryOptions = () =>
  queryOptions({ queryKey: ['categories'], queryFn: getCategories, staleTime: Infinity });

/** A category's name in the catalogue of the chosen language (`services.category.<id>`), if it has one. */
function cataloguedName(intl: IntlShape, id: string): string | undefined {
  const key = `services.category.${id}`;
  return key in intl.messages ? intl.formatMessage({ id: key }) : undefined;
}

export function useCategories() {
  const intl = useIntl();
  const query = useQuery(categoriesQueryOptions());
  const categories = useMemo(
    () => (query.data ?? []).map((c) => ({ ...c, name: cataloguedName(intl, c._id) ?? c.name })),
    [query.data, intl],
  );
  const byId = useMemo(() => new Map(categories.map((c) => [c._id, c.name])), [categories]);
  const unknown = intl.formatMessage({ id: 'services.category.unknown' });
  /**
   * Names of the given category ids. A catalogued id has its name before the list arrives (a page drawn first does
   * not change its chips, nor shift what is below them, when it comes); an id neither knows reads 'Unknown Category'.
   */
  const names = useMemo(
    () => (ids: readonly string[] | undefined) =>
      (ids ?? []).map((id) => byId.get(id) ?? cataloguedName(intl, id) ?? unknown),
    [byId, intl, unknown],
  );
  return { categories, byId, names, loading: query.isPending, error: query.error, retry: query.refetch };
}
