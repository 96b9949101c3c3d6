/** Query keys of post lists and posts: everything under ['posts'] is about posts. */
import type { FilterQuery } from '../filters';

export const postKeys = {
  all: ['posts'] as const,
  available: (limit: number) => ['posts', 'available', limit] as const,
  filtered: (query: FilterQuery, limit: number) => ['posts', 'filtered', query, limit] as const,
  suggested: () => ['posts', 'suggested'] as const,
  detail: (postId: string) => ['posts', 'detail', postId] as const,
  byUser: (userId: string) => ['posts', 'user', userId] as const,
};
