/**
 * DELETE /offer/{id}: only the offer's business. An accepted offer's post reopens in the same
 * transaction; a finished offer (reviewed) cannot be deleted.
 */
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden, notFound, refuse } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getPostById } from '../data/posts';
import { deleteOffer, getOffer } from '../data/offers';
import { OFFER_LIFE } from '../model/offerLife';

export const handler = defineHandler('deleteOffer', {
  params: idParams,
  run: async ({ caller, params }) => {
    const offer = await getOffer(params.id);
    if (!offer) throw notFound('Offer not found');
    const businessId = await requireOwnRecordId(caller, 'business');
    if (offer.businessId !== businessId) throw forbidden('Only the business that made this offer can delete it');
    if (!(OFFER_LIFE.withdraw.from as readonly string[]).includes(offer.status))
      throw refuse(OFFER_LIFE.withdraw.refusal());
    const post = offer.status === 'accepted' ? await getPostById(offer.postId) : undefined;
    await deleteOffer(offer, post);
    return { message: 'Offer deleted', _id: offer._id };
  },
});
