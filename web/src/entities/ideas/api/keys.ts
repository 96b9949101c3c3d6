/** The query keys of ideas: every list of a filter, one idea, a job's price band. */
import type { IdeaFilter } from '../../../../../common/ideas';

export const ideaKeys = {
  all: ['ideas'] as const,
  lists: () => ['ideas', 'list'] as const,
  list: (filter: IdeaFilter) => ['ideas', 'list', filter] as const,
  one: (id: string) => ['ideas', 'one', id] as const,
  priceBand: (postId: string) => ['ideas', 'priceBand', postId] as const,
};
