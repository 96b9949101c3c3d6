/** Client users and businesses as stored (patterns 1 and 2 of docs/access-patterns.md). */
import type { PlanId } from '../../common/constants';
import type { Language } from '../../common/languages';
import type { HiddenMark } from '../../common/types';

export interface StoredUser {
  _id: string;
  cognitoId: string;
  username: string;
  email: string;
  location?: string;
  profilePicture?: string;
  createdAt: string;
  updatedAt?: string;
  /** Moved by 1 with every update of the record: the version its copies carry (chat rooms, its posts' name: lambdas/model/copies.ts). */
  revision?: number;
  /** The language the client chose (private: answered only to the client). */
  language?: Language;
  /** Its owner deleted the account: gone for everyone (410) until its erasure (lambdas/data/closures.ts). */
  closed?: ClosedMark;
}

/** When an account was closed by its owner and when it is erased (common/privacy.ts ERASURE_DELAY_DAYS later). */
export interface ClosedMark {
  at: string;
  eraseAfter: string;
}

export interface StoredBusiness {
  _id: string;
  cognitoId: string;
  businessName: string;
  username?: string;
  email: string;
  description?: string;
  location: string;
  categories: string[];
  profilePicture?: string;
  /** Image keys. */
  showroom: string[];
  plan: PlanId;
  /** The provider subscription that pays for the plan (set when its first payment completes). */
  subscriptionId?: string;
  createdAt: string;
  updatedAt?: string;
  /** The language the business chose (private: answered only to the business). */
  language?: Language;
  /** Folded name tokens currently indexed for search (lambdas/model/search.ts). */
  nameTokens?: string[];
  /** Towns it works in (lead alerts); absent means its own town (`serviceTownsOf`). */
  serviceTowns?: string[];
  /** Stored counters (see toBusinessDto in lambdas/domain/profiles.ts); absent means 0. */
  offersCount?: number;
  finishedJobsCount?: number;
  /**
   * The rating aggregate, moved (ADD) in the review's own transaction (lambdas/data/finishedJobs.ts):
   * the sum of the reviews' stars and their number; the API answers their mean (businessRating).
   */
  ratingSum?: number;
  reviewCount?: number;
  /** Set true only when a moderator approves its verification request (lambdas/data/verifications.ts). */
  verified?: boolean;
  /** A moderator hid the profile: gone for everyone but the business itself and moderators. */
  hidden?: HiddenMark['hidden'];
  /** Its public page's address word (common/publicPages.ts); earlier ones keep answering with a 301 to it. */
  slug?: string;
  /** false: the business turned its public page off (Settings); absent or true: the page is on. */
  publicPage?: boolean;
  /** When a review of it, or its reply to one, last changed (its public page's lastmod with updatedAt). */
  reviewsChangedAt?: string;
  /**
   * Moved (ADD 1) in the same write as every change of what its card copies show (lambdas/domain/profiles.ts
   * BUSINESS_CARD_FIELDS): the copies on its offers, ads and search entries are written only forward by it.
   */
  cardVersion?: number;
  /** Its owner deleted the account: gone for everyone (410) until its erasure (lambdas/data/closures.ts). */
  closed?: ClosedMark;
}

/** The towns a business works in: those it set, else its own town (lead alerts match them). */
export const serviceTownsOf = (b: Pick<StoredBusiness, 'serviceTowns' | 'location'>): string[] =>
  b.serviceTowns?.length ? b.serviceTowns : [b.location];
