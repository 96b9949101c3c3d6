/**
 * GET /ideas/price-band/{postId}: the client of a finished job reads what its pictures among the ideas may show of
 * its cost: the band its accepted price falls in (common/ideas.ts), whether it lets it show (default: no) and how many
 * pictures of the job its business shows. 404 when the request has no finished job, 403 for another client's.
 */
import { priceBandParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { requireOwnRecordId } from '../data/accounts';
import { getFinishedJobOfPost } from '../data/finishedJobs';
import { getOffer } from '../data/offers';
import { jobPriceBandOf, requireJobOfClient } from '../domain/priceBands';

export const handler = defineHandler('getJobPriceBand', {
  params: priceBandParams,
  run: async ({ caller, params }) => {
    const clientId = await requireOwnRecordId(caller, 'client');
    const job = requireJobOfClient(await getFinishedJobOfPost(params.postId), clientId);
    return jobPriceBandOf(job, await getOffer(job.offerId));
  },
});
