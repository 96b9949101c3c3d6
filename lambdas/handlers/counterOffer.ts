/**
 * POST /offer/{id}/counter {version, price, startDate?, note?}: the client of the offer's request proposes other
 * terms on a pending, still valid offer. One counter-offer at a time: 409 PROPOSAL_OPEN while one waits for the
 * business, OFFER_EXPIRED past the offer's validity, OFFER_STATUS_CONFLICT when it is no longer pending,
 * POST_NOT_OPEN when the request closed, CONCURRENT_CHANGE when the offer changed since `version`. The business is
 * told (in the app and by email, per its preferences). Answers the offer as it now is.
 */
import { counterOfferBody as body, offerIdParams as params } from '../../common/schemas/offers';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/businesses';
import { getOffer } from '../data/offers';
import { getPostById } from '../data/posts';
import { counterOffer } from '../data/negotiation';
import { REFUSALS } from '../model/offerLife';
import { assertOfferOpenToClient, toOfferDto } from '../domain/offers';
import { assertMayCounter, explainingConflicts } from '../domain/negotiation';

export const handler = defineHandler('counterOffer', {
  params,
  body,
  run: async ({ caller, params: { id }, body: input }) => {
    const offer = await getOffer(id);
    if (!offer) throw notFound('Offer not found');
    const userId = await requireOwnRecordId(caller, 'client');
    const post = await getPostById(offer.postId);
    if (!post) throw notFound('The post of this offer no longer exists');
    if (post.userId !== userId) throw forbidden('Only the client of this request can counter its offers');
    assertOfferOpenToClient(offer, await getBusinessById(offer.businessId), caller);
    const now = new Date();
    assertMayCounter(offer, post, input.version, now);
    const proposal = {
      price: input.price,
      at: now.toISOString(),
      ...(input.startDate ? { startDate: input.startDate } : {}),
      ...(input.note ? { note: input.note } : {}),
    };
    const countered = await explainingConflicts(offer, () => counterOffer(offer, proposal), {
      whenProposalOpen: REFUSALS.proposalOpen,
    });
    return toOfferDto(countered);
  },
});
