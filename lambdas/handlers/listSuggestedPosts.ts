/**
 * GET /post/suggested: three open posts for the calling business's dashboard: its categories first
 * (newest first), filled up with random other open posts (pattern 8): usually one Query (the business's services
 * come from the process's short-lived copy, lambdas/data/businessCategories.ts).
 */
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { keys } from '../model/keys';
import { requireOwnRecordId } from '../data/accounts';
import { businessCategories } from '../data/businessCategories';
import { newestOpen, newestOpenOfAll } from '../data/openPosts';
import { pickSuggestions, SUGGESTED_COUNT, toPostDto } from '../domain/posts';

/** Newest open posts the random fill chooses from. */
const FILL_POOL = 30;

export const handler = defineHandler('listSuggestedPosts', {
  run: async ({ caller }) => {
    const businessId = await requireOwnRecordId(caller, 'business');
    // The newest open posts (one Query, read beside the business's services when this process has no fresh copy) are the random fill's pool, and usually
    // hold the answer too: when SUGGESTED_COUNT of them are in the business's categories, those are the newest of its
    // categories overall. Only when they are not is each category's partition read (one Query per category).
    const poolRead = newestOpenOfAll(FILL_POOL);
    poolRead.catch(() => undefined);
    const services = await businessCategories(businessId);
    if (!services) throw notFound('Business not found');
    const categories = new Set(services);
    const pool = await poolRead;
    let matching = pool.filter((p) => p.category.some((c) => categories.has(c)));
    if (matching.length < SUGGESTED_COUNT && categories.size > 0) {
      const perCategory = await Promise.all(
        [...categories].map((c) => newestOpen(keys.openByCategory(c), SUGGESTED_COUNT)),
      );
      matching = perCategory.flat();
    }
    return pickSuggestions(matching, pool).map((p) => toPostDto(p));
  },
});
