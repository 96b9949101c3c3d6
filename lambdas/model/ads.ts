/** Sponsored runs as stored: the ad item `AD#{id}` is the run (docs/sponsored-runs.md). */
import { TOWNS } from '../../common/constants';
import { keys } from './keys';
import type { TransactionStatus } from '../../common/payments';
import type { AdRunEndReason, AdRunState, RunStopTerms } from '../../common/adRuns';
import type { BusinessCardCopy } from './copies';

export interface StoredAd {
  _id: string;
  businessId: string;
  businessSub: string;
  businessName: string;
  /** Stored image key. */
  image: string;
  createdAt: string;
  transactionId: string;
  /** The payment's status as last delivered to the run (Pending until it completes; Refunded after a whole refund). */
  paymentStatus: TransactionStatus;
  /** The business's card (lambdas/model/copies.ts COPIES.businessCard): its current name, rating, badge and moderation's mark. */
  business?: BusinessCardCopy;
  /** The run's state. */
  state: AdRunState;
  /** The service (category id) it is shown for. */
  category?: string;
  /** The towns it is shown in; empty: the whole country. */
  towns?: string[];
  /** The first day the business chose (`YYYY-MM-DD`); absent: as soon as it is paid. */
  startDate?: string;
  startsAt?: string;
  endsAt?: string;
  endedAt?: string;
  endReason?: AdRunEndReason;
  /** What it cost and in which currency (0 for a plan's included run). */
  price?: number;
  currency?: string;
  /** A plan's included run: the month (`YYYY-MM`) it used. */
  includedMonth?: string;
  /** Cancelled or stopped by its business: when, and what the refund rule gave back (common/adRuns.ts). */
  stop?: RunStopTerms & { at: string };
  /** Its business is cancelling or stopping it (lambdas/domain/runStops.ts): the claim's id and time. */
  stopping?: { id: string; at: string };
}

/** Whether a run is shown at `now`: live, and not past its end (the job ends it within its schedule). */
export const isShowing = (ad: Pick<StoredAd, 'state' | 'endsAt'>, now: string) =>
  ad.state === 'live' && (!ad.endsAt || ad.endsAt > now);

/** The partitions a live run is shown in: its towns (every town for the whole country), its service, all. */
export function livePartitions(ad: Pick<StoredAd, 'towns' | 'category'>): string[] {
  const towns = ad.towns?.length ? ad.towns : TOWNS;
  return [
    ...towns.map((t) => keys.liveRunsInTown(t)),
    ...(ad.category ? [keys.liveRunsOfService(ad.category)] : []),
    keys.liveRunsAll,
  ];
}

/** The keys of a live run's entries: one in each partition it is shown in. */
export const entryKeys = (ad: Pick<StoredAd, '_id' | 'towns' | 'category'>) =>
  livePartitions(ad).map((pk) => ({ pk, sk: keys.liveRunEntrySk(ad.category ?? '', ad._id) }));
