/**
 * Shapes the API answers with (spec section 3), inferred from their zod schemas in common/schemas/answers.ts
 * (the same schemas the OpenAPI document is generated from). Ids are `_id` like the original API; image fields
 * are full addresses (CDN base + key) in responses and keys in requests.
 */
import type { PaymentsRuntimeConfig } from './payments';
import type * as z from 'zod';
import type { Role } from './constants';
import type { ApiErrorBody } from './errors';
import type { Currency } from './languages';
import type {
  deletedAdSchema,
  runOverlapSchema,
  stoppedAdSchema,
  adClickSchema,
  adFiguresSchema,
  adRunDetailSchema,
  adSchema,
  businessCardSchema,
  businessSchema,
  businessSearchHitSchema,
  categorySchema,
  chatRoomSchema,
  clientUserSchema,
  finishedJobSchema,
  hiddenMarkSchema,
  offerSchema,
  ownAccountSchema,
  postSchema,
  reviewReplySchema,
  transactionSchema,
  uploadUrlSchema,
  createdAdSchema,
  moderationPaymentSchema,
  subscriptionAnswerSchema,
  billingSchema,
  cardCheckoutSchema,
  statisticsSchema,
  ideaSchema,
  ideaBusinessSchema,
  boardSchema,
  jobPriceBandSchema,
  priceBandSchema,
} from './schemas/answers';

/** Every error answer: `{message, code, errors?: [{field, message, code}]}` (codes: common/errors.ts). */
export type ApiError = ApiErrorBody;

export type ClientUser = z.infer<typeof clientUserSchema>;
export type Business = z.infer<typeof businessSchema>;
/**
 * How a business was rated: the mean of its reviews' stars (1-5, two decimals; 0 with no review yet)
 * and how many reviews it has. In every answer that carries a business.
 */
export type BusinessRating = Pick<Business, 'ratingAverage' | 'reviewCount'>;
export type BusinessSearchHit = z.infer<typeof businessSearchHitSchema>;
/** A business as an offer shows it. */
export type BusinessCard = z.infer<typeof businessCardSchema>;
export type Category = z.infer<typeof categorySchema>;
/** One idea: a tagged picture of a business's work (common/ideas.ts). */
export type Idea = z.infer<typeof ideaSchema>;
export type IdeaBusiness = z.infer<typeof ideaBusinessSchema>;
/** A client's board of saved ideas. */
export type Board = z.infer<typeof boardSchema>;
/** A job's price band as its client controls it (GET and PUT /ideas/price-band/{postId}). */
export type JobPriceBand = z.infer<typeof jobPriceBandSchema>;
export type PriceBandAnswer = z.infer<typeof priceBandSchema>;
/**
 * A moderator hid the item (docs/access-patterns.md, "Moderation"): it is gone for everyone else; its owner
 * and moderators see it with this mark, which says why and when.
 */
export interface HiddenMark {
  hidden?: z.infer<typeof hiddenMarkSchema>;
}
export type Post = z.infer<typeof postSchema>;
export type Offer = z.infer<typeof offerSchema>;
export type FinishedJob = z.infer<typeof finishedJobSchema>;
/** A business's reply to a review of it: written once, editable until REVIEW_REPLY_EDIT_DAYS after `createdAt`. */
export type ReviewReply = z.infer<typeof reviewReplySchema>;
/** The business's rating and badge are there when its record exists. */
export type Ad = z.infer<typeof adSchema>;
/** One run of the caller's with its figures per day. */
export type AdRunDetail = z.infer<typeof adRunDetailSchema>;
export type AdFigures = z.infer<typeof adFiguresSchema>;
export type AdClick = z.infer<typeof adClickSchema>;
/** 200 of POST /ad/{id}/stop: the run, ended, what the refund rule gave and its words. */
export type StoppedAd = z.infer<typeof stoppedAdSchema>;
/** 200 of DELETE /ad/{id}. */
export type DeletedAd = z.infer<typeof deletedAdSchema>;
/** 409 AD_RUN_OVERLAP's `overlap`: the business's runs a new one overlaps and what it would add. */
export type RunOverlapAnswer = z.infer<typeof runOverlapSchema>;
export type ChatRoom = z.infer<typeof chatRoomSchema>;
export type Transaction = z.infer<typeof transactionSchema>;
/** 201 of POST /ad: the ad awaiting its payment, the payment and where to pay. */
export type CreatedAd = z.infer<typeof createdAdSchema>;
/** POST /subscription's answer: the plan now, and a checkout or a scheduled change. */
export type SubscriptionAnswer = z.infer<typeof subscriptionAnswerSchema>;
/** GET /subscription: the plan, the subscription's state and dates, the use of the plan's limits. */
export type Billing = z.infer<typeof billingSchema>;
/** POST /subscription/card: the provider's checkout where the business gives a new card. */
export type CardCheckout = z.infer<typeof cardCheckoutSchema>;
/** GET /business/statistics: figures month by month. */
export type Statistics = z.infer<typeof statisticsSchema>;
/** A payment as moderators see it (with its business). */
export type ModerationPayment = z.infer<typeof moderationPaymentSchema>;
/** GET /account: the caller's own record of their role (email included), or null before it is created. */
export type OwnAccount = z.infer<typeof ownAccountSchema>;
export type UploadUrl = z.infer<typeof uploadUrlSchema>;

/** Claims the API reads from the verified ID token. */
export interface Caller {
  sub: string;
  role: Role;
  email?: string;
  /** A member of the pool's moderator group (common/moderation.ts). */
  moderator?: boolean;
  /** A member of the pool's operator group (common/operatorFigures.ts). */
  operator?: boolean;
}

/**
 * Settings the web app reads at run time from /config.json, written per stage (by `npm start`
 * locally, by the CDK deployment in the cloud), so one web build serves every stage.
 */
export interface RuntimeConfig {
  stage: string;
  apiUrl: string;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Custom Cognito endpoint (the local emulator); absent in the cloud. */
  userPoolEndpoint?: string;
  authFlow: 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';
  cdnBaseUrl: string;
  /** The one currency every price of the stage is shown in (default EUR). */
  currency?: Currency;
  firebase: {
    apiKey: string;
    projectId: string;
    databaseURL: string;
    appId?: string;
    /** Set locally: the Realtime Database emulator. */
    emulator?: { host: string; port: number };
  };
  /** How the web app takes payments: the provider's checkout and the currency charged (common/payments.ts). */
  payments: PaymentsRuntimeConfig;
}
