/**
 * GET /post/suggested: three open posts for the calling business's dashboard: its categories first
 * (newest first), filled up with random other open posts (pattern 8).
 */
import { defineHandler } from '../lib/http';
import { notFound } from '../lib/errors';
import { keys } from '../data/keys';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/users';
import { newestOpen, newestOpenOfAll } from '../data/openPosts';
import { pickSuggestions, SUGGESTED_COUNT, toPostDto } from '../domain/posts';

/** Newest open posts the random fill chooses from. */
const FILL_POOL = 30;

export const handler = defineHandler('listSuggestedPosts', {
  run: async ({ caller }) => {
    const business = await getBusinessById(await requireOwnRecordId(caller, 'business'));
    if (!business) throw notFound('Business not found');
    const perCategory = await Promise.all(
      [...new Set(business.categories ?? [])].map((c) => newestOpen(keys.openByCategory(c), SUGGESTED_COUNT)),
    );
    const matching = perCategory.flat();
    const distinct = new Set(matching.map((p) => p._id)).size;
    const pool = distinct >= SUGGESTED_COUNT ? [] : await newestOpenOfAll(FILL_POOL);
    return pickSuggestions(matching, pool).map((p) => toPostDto(p));
  },
});
