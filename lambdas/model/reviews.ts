/** Finished jobs as stored: a request's review, with its copies (docs/access-patterns.md, "Reviews"). */
import type { HiddenMark, ReviewReply } from '../../common/types';
import type { PriceBand } from '../../common/ideas';
import type { BusinessCardCopy } from './copies';

export interface StoredFinishedJob {
  _id: string;
  postId: string;
  businessId: string;
  offerId: string;
  userId: string;
  rating: number;
  review: string;
  createdAt: string;
  clientName?: string;
  /** Copy of the post's card: the first image only. */
  post: { title: string; images: string[]; location: string; content?: string };
  /** The reviewed business's reply (written by it alone, through PUT /post/{id}/review/reply). */
  reply?: ReviewReply;
  /** A moderator hid the review: out of the list and of the business's rating. */
  hidden?: HiddenMark['hidden'];
  /** The reviewed business's card (lambdas/model/copies.ts COPIES.businessCard): its owner and moderation's mark decide who sees the list. */
  business?: BusinessCardCopy;
  /** Its client deleted their account: the review stays with no link to them (lambdas/domain/privacy.ts). */
  formerClient?: true;
  /** Its business deleted its account: the review stays for its client only, in no list. */
  formerBusiness?: true;
  /** Its client lets the job's price band show with its pictures among the ideas (default: no). */
  bandConsent?: boolean;
  /** The band the accepted price falls in (common/ideas.ts), written with the client's first answer. */
  priceBand?: PriceBand;
  /** Moves with every answer of the client: the version of the band's copies on the job's ideas (COPIES.priceBand). */
  bandVersion?: number;
  /** How many of its business's pictures of it are ideas (at most MAX_JOB_PICTURES). */
  ideaPictures?: number;
}
