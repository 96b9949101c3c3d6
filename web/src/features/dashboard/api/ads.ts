/** GET /ads: sponsored ads, newest first, cursor-paged. */
import type { Ad } from '../../../../../common/types';
import { api, toQuery } from '../../../lib/api';

export const fetchAds = (limit = 20, cursor?: string) => api.page<Ad>(`/ads${toQuery({ limit, cursor })}`);
