/**
 * POST /offer {price, message, postId, businessId}: a business offers on an open post, at most one
 * live offer per business per post (the OFFERBY guard, conditional, in the same transaction as the
 * offer and a check that the post is still open and not past its expiry, and the month's offer count of its plan:
 * at the limit 409 PLAN_LIMIT with the limit, when it resets and the plan that lifts it). A business moderation hid
 * makes none (403). Answers 201 with the offer.
 */
import { createOfferBody as body } from '../../common/schemas/offers';
import { defineHandler, reply } from '../api/http';
import { forbidden, notFound, refuse } from '../lib/errors';
import { countEvent } from '../lib/log';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/businesses';
import { getPostById } from '../data/posts';
import { createOffer } from '../data/offers';

import { assertMayOffer, newOffer, toOfferDto } from '../domain/offers';
import { REFUSALS } from '../model/offerLife';
import { openForOffers } from '../model/postLife';

export const handler = defineHandler('createOffer', {
  body,
  run: async ({ caller, body: input }) => {
    const businessId = await requireOwnRecordId(caller, 'business');
    if (input.businessId !== businessId) throw forbidden('You can only make offers as your own business');
    const [business, post] = await Promise.all([getBusinessById(businessId), getPostById(input.postId)]);
    assertMayOffer(business);
    if (!post || post.hidden) throw notFound('Post not found');
    // It carries a copy of its post (domain/offers.ts PostCopy), refreshed with every change of the post, and the
    // business's card (lambdas/model/copies.ts COPIES.businessCard): the request's offers show it from there.
    const offer = newOffer({ ...input, businessId }, caller.sub, post, business);
    if (!openForOffers(post, offer.createdAt)) throw refuse(REFUSALS.postNotOpen);
    await createOffer(offer, business.plan);
    countEvent('offerMade');
    return reply(201, toOfferDto(offer));
  },
});
