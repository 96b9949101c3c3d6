/** GET /business/search?name=: businesses whose name has a word starting with the query. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessSearchHit } from '../../../../../common/types';
import { api, toQuery } from '../../../lib/api';

export const searchBusinesses = (name: string) =>
  api.get<BusinessSearchHit[]>(`/business/search${toQuery({ name: name.trim() })}`);

export const businessSearchQueryOptions = (name: string) =>
  queryOptions({ queryKey: ['businesses', 'search', name.trim()], queryFn: () => searchBusinesses(name) });

/** Searches once the name is not blank; the previous hits stay while the next search runs. */
export const useBusinessSearch = (name: string) =>
  useQuery({ ...businessSearchQueryOptions(name), enabled: !!name.trim(), placeholderData: keepPreviousData });
