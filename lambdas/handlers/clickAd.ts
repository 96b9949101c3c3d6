/**
 * POST /ad/{id}/click {view?}: a signed-in user clicked a Sponsored run (the strip's counted link to the business's
 * profile). A live run's click counts once per page view (`view`) and opens the window in which the user's views of
 * the profile and a chat with the business count for the run (lambdas/data/adClicks.ts); the business's own clicks
 * and a run no longer live count nothing. Answers where to go (the business) and whether it counted; 404 for a run
 * that does not exist.
 */
import { idParams } from '../../common/schemas/accounts';
import { adClickBody } from '../../common/schemas/ads';
import { defineHandler } from '../api/http';
import { notFound } from '../lib/errors';
import { nowIso } from '../lib/clock';
import { getAd } from '../data/ads';
import { recordClick } from '../data/adClicks';
import { isShowing } from '../model/ads';

export const handler = defineHandler('clickAd', {
  params: idParams,
  body: adClickBody,
  run: async ({ caller, params, body }) => {
    const ad = await getAd(params.id);
    if (!ad) throw notFound('Ad not found');
    const now = nowIso();
    const counted =
      isShowing(ad, now) &&
      ad.businessSub !== caller.sub &&
      (await recordClick(caller.sub, { runId: ad._id, businessId: ad.businessId }, body.view, now));
    return { businessId: ad.businessId, counted };
  },
});
