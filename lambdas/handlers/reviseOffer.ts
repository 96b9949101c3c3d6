/**
 * PUT /offer/{id} {price, message}: the offer's business revises its pending offer on an open request;
 * the client sees it marked revised (`revisedAt`). 409 OFFER_STATUS_CONFLICT when the offer is no longer
 * pending, POST_NOT_OPEN when the request closed. Status, post and business are not taken from the body.
 */
import { offerIdParams as params, reviseOfferBody as body } from '../../common/schemas/offers';
import { defineHandler } from '../lib/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getOffer } from '../data/offers';
import { reviseOffer } from '../data/postLife';
import { REFUSALS, refuse, toOfferDto } from '../domain/offers';

export const handler = defineHandler('reviseOffer', {
  params,
  body,
  run: async ({ caller, params: { id }, body: changes }) => {
    const offer = await getOffer(id);
    if (!offer) throw notFound('Offer not found');
    const businessId = await requireOwnRecordId(caller, 'business');
    if (offer.businessId !== businessId) throw forbidden('Only the business that made this offer can revise it');
    if (offer.status !== 'pending') throw refuse(REFUSALS.onlyPendingRevised);
    return toOfferDto(await reviseOffer(offer, changes, new Date().toISOString()));
  },
});
