/** A client's request ("post") as stored (pattern 5 of docs/access-patterns.md). */
import type { PostClosedReason, PostStatus } from '../../common/constants';
import type { HiddenMark } from '../../common/types';

export interface StoredPost {
  _id: string;
  userId: string;
  title: string;
  content?: string;
  images: string[];
  category: string[];
  location: string;
  budget?: number;
  createdAt: string;
  status: PostStatus;
  clientName?: string;
  acceptedOfferId?: string;
  /** When it closes by itself unless an offer is accepted (lambdas/model/postLife.ts). */
  expiresAt: string;
  closedReason?: PostClosedReason;
  closedAt?: string;
  reopenedAt?: string;
  /** A moderator hid it (docs/access-patterns.md, "Moderation"): out of every open list for good. */
  hidden?: HiddenMark['hidden'];
  /**
   * Moves by one with every change of what its offers copy of it (status, hidden: SUMMARY_VERSION_BUMP), in the
   * change's own transaction; absent (0) until the first (lambdas/data/postSummaries.ts).
   */
  summaryVersion?: number;
}
