/**
 * A finished job's price band (common/ideas.ts PRICE_BAND_BOUNDARIES): the band its accepted price falls in, shown
 * with its business's pictures of the job only while the job's client lets it (a consent given and taken back at any
 * time; none at first). The client alone answers; the exact price is never shown.
 */
import { priceBandOf, type PriceBand } from '../../common/ideas';
import type { JobPriceBand } from '../../common/types';
import { config } from '../lib/config';
import { conflict, forbidden, notFound } from '../lib/errors';
import type { StoredFinishedJob } from '../model/reviews';
import type { StoredOffer } from '../model/offers';

/** 404 without a finished job, 403 when it is another client's. */
export function requireJobOfClient(job: StoredFinishedJob | undefined, clientId: string): StoredFinishedJob {
  if (!job) throw notFound('This request has no finished job');
  if (job.userId !== clientId) throw forbidden('Only the client of this job decides what its pictures show');
  return job;
}

/** The band of the job's accepted price (as written with the first answer, else from its offer). */
export function bandOfJob(job: StoredFinishedJob, offer: Pick<StoredOffer, 'price'> | undefined): PriceBand {
  if (job.priceBand) return job.priceBand;
  if (!offer) throw conflict('The accepted offer of this job is gone', 'CONFLICT');
  return priceBandOf(offer.price, config.currency);
}

/** What the client sees: the band, whether it shows, and how many pictures of the job its business shows. */
export const jobPriceBandOf = (
  job: StoredFinishedJob,
  offer: Pick<StoredOffer, 'price'> | undefined,
): JobPriceBand => ({
  postId: job.postId,
  show: job.bandConsent === true,
  band: { ...bandOfJob(job, offer), currency: config.currency },
  pictures: Math.max(0, job.ideaPictures ?? 0),
});
