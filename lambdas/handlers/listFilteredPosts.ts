/**
 * GET /post/filtred?categories=a,b&locations=x,y&minBudget=n&maxBudget=n&limit=&cursor=: open posts
 * in any of the categories and any of the towns, budget within the inclusive bounds (no maxBudget:
 * no upper bound), newest first, each post once, paged (pattern 7; partitions chosen by
 * planFilteredQuery). The cursor is the sort key of the last post of the page.
 */
import * as z from 'zod';
import { LIMITS, TOWNS } from '../../common/constants';
import { defineHandler } from '../lib/http';
import { badRequest } from '../lib/errors';
import { decodeCursor, encodeCursor, pageReply } from '../lib/paging';
import { mergedOpenPage } from '../data/openPosts';
import { planFilteredQuery, toPostDto } from '../domain/posts';
import { MAX_BUDGET } from '../domain/fields';

const list = (field: string, max: number) => z.string().max(4000).optional()
  .transform((v) => [...new Set((v ?? '').split(',').map((s) => s.trim()).filter(Boolean))])
  .refine((values) => values.length <= max, `at most ${max} ${field}`);

const budget = z.preprocess((v) => (v === '' ? undefined : v),
  z.coerce.number({ error: 'must be a number' }).min(0, 'must not be negative').max(MAX_BUDGET, `must be at most ${MAX_BUDGET}`).optional());

const query = z.object({
  categories: list('categories', 20),
  locations: list('locations', TOWNS.length)
    .refine((towns) => towns.every((t) => (TOWNS as readonly string[]).includes(t)), 'every location must be a town of the list'),
  minBudget: budget,
  maxBudget: budget,
  limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(LIMITS.filteredPostsPageSize),
  cursor: z.string().max(1024).optional(),
}).refine((q) => q.minBudget === undefined || q.maxBudget === undefined || q.minBudget <= q.maxBudget,
  { message: 'maxBudget must not be below minBudget', path: ['maxBudget'] });

function cursorPosition(cursor: string | undefined): string | undefined {
  const decoded = decodeCursor<{ before?: unknown }>(cursor);
  if (decoded === undefined) return undefined;
  if (typeof decoded.before !== 'string' || !decoded.before) {
    throw badRequest('Invalid cursor', [{ field: 'cursor', message: 'Invalid cursor', code: 'INVALID_CURSOR' }], 'INVALID_CURSOR');
  }
  return decoded.before;
}

export const handler = defineHandler('listFilteredPosts', {
  query,
  run: async ({ query: q }) => {
    // Budgets are whole numbers, so the bounds are too: this also keeps a bound like 1e-200, which
    // DynamoDB cannot represent, out of the filter.
    const minBudget = q.minBudget === undefined ? undefined : Math.ceil(q.minBudget);
    const maxBudget = q.maxBudget === undefined ? undefined : Math.floor(q.maxBudget);
    if (minBudget !== undefined && maxBudget !== undefined && minBudget > maxBudget) return pageReply([]);
    const plan = planFilteredQuery({ categories: q.categories, towns: q.locations, minBudget, maxBudget });
    const page = await mergedOpenPage(plan.partitions, { limit: q.limit, before: cursorPosition(q.cursor), filter: plan.filter });
    return pageReply(page.items.map(toPostDto), page.next ? encodeCursor({ before: page.next }) : undefined);
  },
});
