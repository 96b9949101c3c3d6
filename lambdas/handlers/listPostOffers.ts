/**
 * GET /getPostOffers/{postId}: the post's owner sees every offer (with the business's card copied onto it, pattern 11:
 * lambdas/model/copies.ts COPIES.businessCard) but the pending ones of a business moderation hid; a business sees only
 * its own offer (through the guard item); any other caller is refused.
 */
import * as z from 'zod';
import { postOffersParams } from '../../common/schemas/offers';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { pageReply, wholeListQuery } from '../api/paging';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { getOfferOfBusinessOnPost, listOffersOfPost } from '../data/offers';
import { isOfferOpenToClient, toOfferDto } from '../domain/offers';
import { toBusinessCard } from '../domain/profiles';
// The owner is checked from the offers' copy of their post (lambdas/model/copies.ts COPIES.postSummary); the post is read only
// when the page cannot tell (no offers), and for a business caller.
import { type StoredOffer } from '../model/offers';
import { isGonePostCopy, type PostCopy } from '../model/copies';

/**
 * Whose post it is, as its offers' copies say: the owner's user id, `null` when the post was deleted, undefined when
 * the page cannot tell (no offers).
 */
function ownerOnOffers(offers: StoredOffer[] | undefined): string | null | undefined {
  if (!offers?.length) return undefined;
  const copies = offers.map((o) => o.post);
  const live = copies.filter((c): c is PostCopy => !isGonePostCopy(c));
  return live.length < copies.length ? null : live[0].userId;
}

export const handler = defineHandler('listPostOffers', {
  params: postOffersParams,
  // Offers of a post are shown whole on one screen: pages default to the maximum size.
  query: z.object(wholeListQuery),
  run: async ({ caller, params, query }) => {
    // The owner's page of offers is read first; it is answered only once the checks below pass, and its own failure
    // (a bad cursor) only then. Its offers' copies of the post tell the owner; the post is read when they cannot.
    const pageRead = caller.role === 'client' ? listOffersOfPost(params.postId, query) : undefined;
    pageRead?.catch(() => undefined);
    const owner = ownerOnOffers((await pageRead?.catch(() => undefined))?.items);
    const post = owner === undefined ? await getPostById(params.postId) : undefined;
    if (owner === null || (owner === undefined && !post)) throw notFound('Post not found');
    // A hidden post's offers: its client still sees them (below); a business no longer finds the post.
    if (post?.hidden && caller.role === 'business' && !caller.moderator) throw notFound('Post not found');

    if (caller.role === 'business') {
      if (!post) throw notFound('Post not found');
      const businessId = await requireOwnRecordId(caller, 'business');
      const own = await getOfferOfBusinessOnPost(post._id, businessId);
      if (!own) return [];
      return [toOfferDto(own, { business: toBusinessCard(own.business, caller) })];
    }

    const userId = await requireOwnRecordId(caller, 'client');
    if ((owner ?? post?.userId) !== userId) throw forbidden('Only the owner of this post can see its offers');
    const page = await pageRead!;
    return pageReply(
      page.items
        .filter((o) => isOfferOpenToClient(o, o.business, caller))
        .map((o) => {
          // The compare view shows the jobs each business has done.
          const card = { ...toBusinessCard(o.business, caller), finishedJobsCount: o.business.finishedJobsCount ?? 0 };
          return toOfferDto(o, { business: card });
        }),
      page.nextCursor,
    );
  },
});
