/**
 * POST /ad/{id}/stop: the run's business cancels it before its first day (scheduled) or stops it while live, with
 * the refund rule applied through the payment provider (common/adRuns.ts runStopTerms, lambdas/domain/runStops.ts):
 * a run not started is refunded wholly, a live one for each whole day it has left, an included run not at all. The
 * run ends at once (off every strip) and keeps its figures; its payment's row says what happened. 200 answers the
 * run, what the rule gave (`stop`), the rule's words and what happened. Another business 403, an unknown run 404, a
 * run that is not scheduled or live 409 AD_RUN_NOT_ACTIVE.
 */
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { requireOwnRecordId } from '../data/accounts';
import { getAd } from '../data/ads';
import { getAdFigures } from '../data/adFigures';
import { cardOfListOwner } from '../data/businesses';
import { toAdRunDetail } from '../domain/ads';
import { stopRun } from '../domain/runStops';
import { runStopMessage, runStopRule } from '../domain/runStopTexts';

export const handler = defineHandler('stopAd', {
  params: idParams,
  run: async ({ caller, params, log }) => {
    const ad = await getAd(params.id, { consistent: true });
    if (!ad) throw notFound('Ad not found');
    const businessId = await requireOwnRecordId(caller, 'business');
    if (ad.businessId !== businessId) throw forbidden('Only the business that created this ad can stop it');
    const stopped = await stopRun(ad, caller, log);
    const [days, business] = await Promise.all([
      getAdFigures(stopped.ad._id),
      cardOfListOwner(stopped.ad.businessId, [stopped.ad]),
    ]);
    // The run with its totals (not its days).
    const { days: _days, ...run } = toAdRunDetail(stopped.ad, business, days);
    return {
      ...run,
      stop: stopped.terms,
      rule: runStopRule(),
      message: runStopMessage(stopped.terms, stopped.currency),
    };
  },
});
