/**
 * POST /offer/{id}/answer {version, answer: accept | decline}: the offer's business answers the client's open
 * counter-offer. `accept`: the offer takes the proposed price (and start date) and is accepted in the same step
 * (the client proposed exactly those terms), the request is accepted. `decline`: the business's terms stand and the
 * client must answer them. (Answering with other terms is a revision, PUT /offer/{id}.) 409 NO_OPEN_PROPOSAL,
 * OFFER_STATUS_CONFLICT, POST_NOT_OPEN / OFFER_ALREADY_ACCEPTED, CONCURRENT_CHANGE. The client is told.
 */
import { counterAnswerBody as body, offerIdParams as params } from '../../common/schemas/offers';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { countEvent } from '../lib/log';
import { requireOwnRecordId } from '../data/accounts';
import { getOffer } from '../data/offers';
import { getPostById } from '../data/posts';
import { acceptCounter, declineCounter } from '../data/negotiation';
import { getBusinessById } from '../data/businesses';
import { assertMayOffer, toOfferDto } from '../domain/offers';
import { assertMayAnswer, explainingConflicts } from '../domain/negotiation';

export const handler = defineHandler('answerCounterOffer', {
  params,
  body,
  run: async ({ caller, params: { id }, body: input }) => {
    const offer = await getOffer(id);
    if (!offer) throw notFound('Offer not found');
    const businessId = await requireOwnRecordId(caller, 'business');
    if (offer.businessId !== businessId) throw forbidden('Only the business that made this offer can answer on it');
    const post = await getPostById(offer.postId);
    if (!post) throw notFound('The post of this offer no longer exists');
    // A business moderation hid makes no deal (as it makes no offer).
    if (input.answer === 'accept') assertMayOffer(await getBusinessById(businessId));
    const now = new Date();
    assertMayAnswer(offer, post, input.version, now);
    const answered = await explainingConflicts(offer, () =>
      input.answer === 'accept'
        ? acceptCounter(offer, post, now.toISOString())
        : declineCounter(offer, now.toISOString()),
    );
    if (input.answer === 'accept') countEvent('offerAccepted');
    return toOfferDto(answered);
  },
});
