/**
 * GET /post/filtred?categories=a,b&locations=x,y&minBudget=n&maxBudget=n&limit=&cursor=: open posts
 * in any of the categories and any of the towns, budget within the inclusive bounds (no maxBudget:
 * no upper bound), newest first, each post once, paged (pattern 7; partitions chosen by
 * planFilteredQuery). The cursor is the sort key of the last post of the page.
 */
import { filteredPostsQuery as query } from '../../common/schemas/posts';
import { defineHandler } from '../api/http';
import { cursorPosition, positionCursor, pageReply } from '../api/paging';
import { mergedOpenPage } from '../data/openPosts';
import { planFilteredQuery, toPostDto } from '../domain/posts';

export const handler = defineHandler('listFilteredPosts', {
  query,
  run: async ({ query: q }) => {
    // Budgets are whole numbers, so the bounds are too: this also keeps a bound like 1e-200, which
    // DynamoDB cannot represent, out of the filter.
    const minBudget = q.minBudget === undefined ? undefined : Math.ceil(q.minBudget);
    const maxBudget = q.maxBudget === undefined ? undefined : Math.floor(q.maxBudget);
    if (minBudget !== undefined && maxBudget !== undefined && minBudget > maxBudget) return pageReply([]);
    const plan = planFilteredQuery({ categories: q.categories, towns: q.locations, minBudget, maxBudget });
    const page = await mergedOpenPage(plan.partitions, {
      limit: q.limit,
      before: cursorPosition(q.cursor),
      filter: plan.filter,
    });
    return pageReply(
      page.items.map((p) => toPostDto(p)),
      positionCursor(page.next),
    );
  },
});
