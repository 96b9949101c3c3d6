/**
 * PUT /ideas/price-band/{postId} {show}: the client of a finished job lets its business's pictures of the job show the
 * band its accepted price falls in, or takes that back. Every answer moves the job's `bandVersion`, and the copies on
 * the job's ideas and their gallery entries follow (lambdas/model/copies.ts COPIES.priceBand) before the answer; the stream
 * finishes what is left. Answers as GET does. 404 when the request has no finished job, 403 for another client's.
 */
import { priceBandBody, priceBandParams } from '../../common/schemas/ideas';
import { defineHandler } from '../api/http';
import { requireOwnRecordId } from '../data/accounts';
import { getFinishedJobOfPost, setBandConsent } from '../data/finishedJobs';
import { getOffer } from '../data/offers';
import { jobPriceBandOf, requireJobOfClient, bandOfJob } from '../domain/priceBands';

export const handler = defineHandler('setJobPriceBand', {
  params: priceBandParams,
  body: priceBandBody,
  run: async ({ caller, params, body }) => {
    const clientId = await requireOwnRecordId(caller, 'client');
    const job = requireJobOfClient(await getFinishedJobOfPost(params.postId), clientId);
    const offer = await getOffer(job.offerId);
    const saved = await setBandConsent(job, body.show, bandOfJob(job, offer), new Date().toISOString());
    return jobPriceBandOf(saved, offer);
  },
});
