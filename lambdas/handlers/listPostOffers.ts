/**
 * GET /getPostOffers/{postId}: the post's owner sees every offer (with the business's name and
 * picture, pattern 11 + BatchGet) but the pending ones of a business moderation hid; a business sees only
 * its own offer (through the guard item); any other caller is refused.
 */
import * as z from 'zod';
import { postOffersParams } from '../../common/schemas/offers';
import { defineHandler } from '../lib/http';
import { forbidden, notFound } from '../lib/errors';
import { pageReply, wholeListQuery } from '../lib/paging';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { getOfferOfBusinessOnPost, listOffersOfPost } from '../data/offers';
import { getBusinessesByIds } from '../data/batchReads';
import { isOfferOpenToClient, toOfferDto } from '../domain/offers';
import { toBusinessCard } from '../domain/profiles';

export const handler = defineHandler('listPostOffers', {
  params: postOffersParams,
  // Offers of a post are shown whole on one screen: pages default to the maximum size.
  query: z.object(wholeListQuery),
  run: async ({ caller, params, query }) => {
    // The owner's page of offers is read beside the post (not after it); it is answered only once the checks
    // below pass, and its own failure (a bad cursor) only then.
    const pageRead = caller.role === 'client' ? listOffersOfPost(params.postId, query) : undefined;
    pageRead?.catch(() => undefined);
    const post = await getPostById(params.postId);
    if (!post) throw notFound('Post not found');
    // A hidden post's offers: its client still sees them (below); a business no longer finds the post.
    if (post.hidden && caller.role === 'business' && !caller.moderator) throw notFound('Post not found');

    if (caller.role === 'business') {
      const businessId = await requireOwnRecordId(caller, 'business');
      const own = await getOfferOfBusinessOnPost(post._id, businessId);
      if (!own) return [];
      const businesses = await getBusinessesByIds([businessId]);
      return [toOfferDto(own, { business: toBusinessCard(businesses.get(businessId), caller) })];
    }

    const userId = await requireOwnRecordId(caller, 'client');
    if (post.userId !== userId) throw forbidden('Only the owner of this post can see its offers');
    const page = await pageRead!;
    const businesses = await getBusinessesByIds(page.items.map((o) => o.businessId));
    return pageReply(
      page.items
        .filter((o) => isOfferOpenToClient(o, businesses.get(o.businessId), caller))
        .map((o) => {
          const business = businesses.get(o.businessId);
          // The compare view shows the jobs each business has done.
          const card = { ...toBusinessCard(business, caller), finishedJobsCount: business?.finishedJobsCount ?? 0 };
          return toOfferDto(o, { business: card });
        }),
      page.nextCursor,
    );
  },
});
