/**
 * PUT /offer/{id} {price, message, items?, startDate?, durationDays?, included?, includedNote?, validUntil?,
 * version?, note?}: the offer's business revises its pending offer on an open request (all its terms; the validity
 * starts again, OFFER_VALIDITY_DEFAULT_DAYS unless named). While the client's counter-offer is open this is the
 * business's answer to it. The client sees it marked revised (`revisedAt`) and the step in the offer's history.
 * 409 OFFER_STATUS_CONFLICT when the offer is no longer pending, POST_NOT_OPEN when the request closed,
 * CONCURRENT_CHANGE when it changed since `version`. Status, post and business are not taken from the body.
 */
import { offerIdParams as params, reviseOfferBody as body } from '../../common/schemas/offers';
import { defineHandler } from '../api/http';
import { forbidden, notFound, refuse } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getOffer } from '../data/offers';
import { reviseTerms } from '../data/negotiation';
import { toOfferDto } from '../domain/offers';
import { OFFER_LIFE } from '../model/offerLife';
import { assertVersion, explainingConflicts, storedTerms } from '../domain/negotiation';

export const handler = defineHandler('reviseOffer', {
  params,
  body,
  run: async ({ caller, params: { id }, body: { version, note, ...terms } }) => {
    const offer = await getOffer(id);
    if (!offer) throw notFound('Offer not found');
    const businessId = await requireOwnRecordId(caller, 'business');
    if (offer.businessId !== businessId) throw forbidden('Only the business that made this offer can revise it');
    if (!(OFFER_LIFE.revision.from as readonly string[]).includes(offer.status))
      throw refuse(OFFER_LIFE.revision.refusal());
    assertVersion(offer, version);
    const now = new Date();
    const revised = await explainingConflicts(offer, () =>
      reviseTerms(offer, storedTerms(terms, now), note || undefined, now.toISOString()),
    );
    return toOfferDto(revised);
  },
});
