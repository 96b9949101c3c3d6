/** GET /post/filtred?categories=&locations=&minBudget=&maxBudget=&limit=&cursor= (the API's spelling). */
import type { Post } from '../../../../../common/types';
import { api, toQuery } from '../../../lib/api';
import type { FilterQuery } from '../filters';

export const fetchFilteredPosts = (filters: FilterQuery, limit: number, cursor?: string) =>
  api.page<Post>(`/post/filtred${toQuery({ ...filters, limit, cursor })}`);
