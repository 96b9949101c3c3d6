/**
 * GET /business/search?name=: businesses whose name has a word starting with the query (folded:
 * case and accents ignored; several words match consecutive words of the name). A blank query
 * answers []. Paged like every list (`?limit=&cursor=`, default 20, next cursor in x-next-cursor).
 * See lambdas/model/search.ts. Each hit carries the business's rating and verified badge from the card copied onto
 * its token item (lambdas/model/copies.ts COPIES.businessCard): the page is its one Query.
 */
import { businessSearchQuery } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { pageReply } from '../api/paging';
import { searchBusinessesByName } from '../data/businesses';
import { businessTrust } from '../domain/profiles';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('searchBusinesses', {
  query: businessSearchQuery,
  run: async ({ caller, query }) => {
    const page = await searchBusinessesByName(query.name ?? '', query);
    // A hidden business is no hit (but for itself and moderators): a page may come out shorter by them.
    const shown = page.items.filter((h) => maySee(h.business, h.business.cognitoId, caller));
    return pageReply(
      shown.map(({ business, ...hit }) => ({ ...hit, ...businessTrust(business) })),
      page.nextCursor,
    );
  },
});
