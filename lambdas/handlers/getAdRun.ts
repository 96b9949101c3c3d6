/**
 * GET /ad/{id}: one Sponsored run of the caller's business with its figures per day (impressions, clicks, profile
 * views and chats started within 7 days of a click): the run's page in My ads. Only its business and moderators:
 * another account is 403, an unknown run 404. Reads the run and its figures (strongly consistent).
 */
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { getAd } from '../data/ads';
import { getAdFigures } from '../data/adFigures';
import { cardOfListOwner } from '../data/businesses';
import { toAdRunDetail } from '../domain/ads';

export const handler = defineHandler('getAdRun', {
  params: idParams,
  run: async ({ caller, params }) => {
    const ad = await getAd(params.id, { consistent: true });
    if (!ad) throw notFound('Ad not found');
    if (ad.businessSub !== caller.sub && !caller.moderator)
      throw forbidden("Only the ad's business can see its figures");
    const [days, business] = await Promise.all([getAdFigures(ad._id), cardOfListOwner(ad.businessId, [ad])]);
    return toAdRunDetail(ad, business, days);
  },
});
