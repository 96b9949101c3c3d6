/** GET /business/search?name=: businesses whose name has a word starting with the query. */
import type { BusinessSearchHit } from '../../../../../common/types';
import { api, toQuery } from '../../../lib/api';

export const searchBusinesses = (name: string) =>
  api.get<BusinessSearchHit[]>(`/business/search${toQuery({ name: name.trim() })}`);
