/**
 * PUT /offer/status {offerId, newStatus}: the post's owner accepts or declines a pending offer, or
 * sets an accepted offer back to pending (cancelling the acceptance; the post reopens). `finished`
 * is reached only through the review (POST /finishedJobs): it answers 200 when the offer already is
 * finished and 409 otherwise. A pending offer of a business moderation hid is gone for the client (404).
 * Each change is a step of the offer's history; with `version` it applies only to the offer as the client saw
 * it (409 CONCURRENT_CHANGE otherwise), and an offer past its validity is not accepted (409 OFFER_EXPIRED).
 * Answers the offer as it now is.
 */
import { offerStatusBody as body } from '../../common/schemas/offers';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { countEvent } from '../lib/log';
import { requireOwnRecordId } from '../data/accounts';
import { getBusinessById } from '../data/businesses';
import { getPostById } from '../data/posts';
import { acceptOffer, cancelAcceptance, declineOffer, getOffer } from '../data/offers';
import { assertOfferOpenToClient, planStatusChange, toOfferDto } from '../domain/offers';
import { assertMayAccept, assertVersion, explainingConflicts } from '../domain/negotiation';
import { step } from '../model/offers';

export const handler = defineHandler('updateOfferStatus', {
  body,
  run: async ({ caller, body: input }) => {
    const offer = await getOffer(input.offerId);
    if (!offer) throw notFound('Offer not found');
    const post = await getPostById(offer.postId);
    if (!post) throw notFound('The post of this offer no longer exists');
    const userId = await requireOwnRecordId(caller, 'client');
    if (post.userId !== userId) throw forbidden('Only the owner of the post can change the status of its offers');

    if (offer.status === 'pending') assertOfferOpenToClient(offer, await getBusinessById(offer.businessId), caller);
    const change = planStatusChange(offer, post, input.newStatus);
    if (change === 'accept') assertMayAccept(offer, input.version);
    else if (change !== 'alreadyFinished') assertVersion(offer, input.version);
    const now = new Date().toISOString();
    await explainingConflicts(offer, async () => {
      if (change === 'accept') await acceptOffer(offer, post, now);
      else if (change === 'decline') await declineOffer(offer, now);
      else if (change === 'cancel') await cancelAcceptance(offer, post, now);
    });
    if (change === 'accept') countEvent('offerAccepted');
    if (change === 'alreadyFinished') return toOfferDto(offer);
    const { proposal: _closed, ...rest } = offer;
    return toOfferDto({
      ...(change === 'cancel' ? offer : rest),
      status: input.newStatus,
      version: offer.version + 1,
      history: [...offer.history, step('client', change, now, change === 'accept' ? { price: offer.price } : {})],
    });
  },
});
