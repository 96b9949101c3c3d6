/** GET /post/available: open posts, newest first, cursor-paged (JSON array + x-next-cursor). */
import type { Post } from '../../../../../common/types';
import { api, toQuery } from '../../../lib/api';

export const fetchAvailablePosts = (limit: number, cursor?: string) =>
  api.page<Post>(`/post/available${toQuery({ limit, cursor })}`);
