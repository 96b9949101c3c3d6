/**
 * DELETE /ad/{id}: only the run's business deletes it (with its figures; a live run leaves every strip in the same
 * transaction); its payment stays in the business's transactions, and its picture expires unless another record
 * uses it. A run that is paid and not over (scheduled or live) is cancelled or stopped first with the refund rule
 * applied, as POST /ad/{id}/stop does (lambdas/domain/runStops.ts): the answer then says what the rule gave.
 */
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { deleteAdOf, getAd } from '../data/ads';
import { releaseUploads } from '../data/uploads';
import { stopRun } from '../domain/runStops';
import { runStopMessage, runStopRule } from '../domain/runStopTexts';

export const handler = defineHandler('deleteAd', {
  params: idParams,
  run: async ({ caller, params, log }) => {
    let ad = await getAd(params.id, { consistent: true });
    if (!ad) throw notFound('Ad not found');
    const businessId = await requireOwnRecordId(caller, 'business');
    if (ad.businessId !== businessId) throw forbidden('Only the business that created this ad can delete it');
    const stopped = ad.state === 'scheduled' || ad.state === 'live' ? await stopRun(ad, caller, log) : undefined;
    if (stopped) ad = stopped.ad;
    if (!(await deleteAdOf(ad, businessId))) throw notFound('Ad not found');
    // The ad's picture expires unless another record uses it (after the delete: see releaseUploads).
    await releaseUploads([ad.image], log);
    return {
      message: stopped ? `${runStopMessage(stopped.terms, stopped.currency)} The ad was deleted.` : 'Ad deleted',
      _id: ad._id,
      ...(stopped ? { stop: stopped.terms, rule: runStopRule() } : {}),
    };
  },
});
