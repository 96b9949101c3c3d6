/**
 * DELETE /ad/{id}: only the run's business deletes it (with its figures; a live run leaves every strip in the same
 * transaction); its payment stays in the business's transactions, and its picture expires unless another record
 * uses it.
 */
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { deleteAdOf, getAd } from '../data/ads';
import { releaseUploads } from '../data/uploads';

export const handler = defineHandler('deleteAd', {
  params: idParams,
  run: async ({ caller, params, log }) => {
    const ad = await getAd(params.id, { consistent: true });
    if (!ad) throw notFound('Ad not found');
    const businessId = await requireOwnRecordId(caller, 'business');
    if (ad.businessId !== businessId) throw forbidden('Only the business that created this ad can delete it');
    if (!(await deleteAdOf(ad, businessId))) throw notFound('Ad not found');
    // The ad's picture expires unless another record uses it (after the delete: see releaseUploads).
    await releaseUploads([ad.image], log);
    return { message: 'Ad deleted', _id: ad._id };
  },
});
