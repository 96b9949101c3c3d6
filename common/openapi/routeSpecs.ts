/**
 * What each route of common/routes.ts takes and answers, for the OpenAPI document (common/openapi/document.ts):
 * its request schemas (the shared zod schemas the handlers validate with), the zod schema of each success
 * answer (common/schemas/answers.ts) and the error codes it answers besides the ones every route shares
 * (those are added by the document: see `sharedErrors` there). One entry per handler of the route table;
 * a route without one fails test/unit/openapi.test.ts.
 */
import * as z from 'zod';
import type { ErrorCode } from '../errors';
import {
  businessSearchQuery,
  createBusinessBody,
  createUserBody,
  idParams,
  subParams,
  updateBusinessBody,
  updateUserBody,
} from '../schemas/accounts';
import { adClickBody, createAdBody, listAdsQuery, subscriptionBody } from '../schemas/ads';
import { paymentWebhookEventSchema, refundBody } from '../schemas/payments';
import { PAYMENT_SIGNATURE_HEADER, WEBHOOK_TOLERANCE_SECONDS } from '../payments';
import {
  chatBlockBody,
  chatMessageBody,
  chatMessageParams,
  chatReportBody,
  chatRoomParams,
  createRoomBody,
  roomsQuery,
} from '../schemas/chat';
import { contactBody } from '../schemas/contact';
import { createReportBody, decisionBody, reportEntryParams, reportsQuery, statsQuery } from '../schemas/moderation';
import { markReadBody, notificationsQuery, preferencesBody, unsubscribeQuery } from '../schemas/notifications';
import { pushSubscriptionBody, pushSubscriptionParams } from '../schemas/push';
import { accountDeletionSchema, closeAccountBody, dataExportSchema } from '../schemas/privacy';
import {
  counterAnswerBody,
  counterOfferBody,
  createOfferBody,
  finishedJobBody,
  offerIdParams,
  offerStatusBody,
  postOffersParams,
  reviewReplyBody,
  reviseOfferBody,
} from '../schemas/offers';
import { pageQuery, wholeListQuery } from '../schemas/paging';
import { priceGuideQuery } from '../schemas/priceGuide';
import {
  boardIdeaParams,
  boardParams,
  createBoardBody,
  ideaParams,
  ideasQuery,
  ideaTagBody,
  priceBandBody,
  priceBandParams,
  updateBoardBody,
} from '../schemas/ideas';
import {
  operatorExportQuery,
  operatorFiguresQuery,
  operatorFiguresSchema,
  operatorGridQuery,
  operatorGridSchema,
} from '../schemas/operator';
import { OPERATOR_EXPORT_WEEKS_MAX, OPERATOR_TIME_ACCURACY_PERCENT } from '../operatorFigures';
import { createPostBody, filteredPostsQuery, postIdParams, userIdParams } from '../schemas/posts';
import { uploadStateQuery, uploadUrlBody } from '../schemas/uploads';
import {
  verificationDecisionBody,
  verificationDecisionParams,
  verificationQueueQuery,
  verificationRequestBody,
} from '../schemas/verification';
import {
  adClickSchema,
  adRunDetailSchema,
  adSchema,
  appNotificationSchema,
  businessSchema,
  businessSearchHitSchema,
  categorySchema,
  chatMessageReportSchema,
  chatMessageSchema,
  chatReadSchema,
  chatRoomSchema,
  chatTokenSchema,
  chatUnreadSchema,
  clientUserSchema,
  contactAnswerSchema,
  countSchema,
  createdAdSchema,
  createdReportSchema,
  deletedSchema,
  deletedAdSchema,
  stoppedAdSchema,
  finishedJobSchema,
  moderationPaymentSchema,
  moderationStatsSchema,
  receiptSchema,
  webhookAnswerSchema,
  priceGuideAnswerSchema,
  notificationPreferencesSchema,
  pushDeviceSchema,
  pushKeySchema,
  offerSchema,
  ownAccountSchema,
  pendingVerificationSchema,
  postSchema,
  reportedItemSchema,
  subscriptionAnswerSchema,
  billingSchema,
  cardCheckoutSchema,
  statisticsSchema,
  viewAnswerSchema,
  transactionSchema,
  uploadStateSchema,
  uploadUrlSchema,
  verificationSchema,
  ideaSchema,
  boardSchema,
  jobPriceBandSchema,
} from '../schemas/answers';

/** One success answer of a route. */
export interface AnswerSpec {
  description: string;
  /** The JSON body; absent for an HTML page (`html`). */
  schema?: z.ZodType;
  /** A page of a list: the next page's cursor comes in the x-next-cursor header. */
  paged?: boolean;
  /** The answer is an HTML page (the unsubscribe links of emails). */
  html?: boolean;
  /** The answer is a CSV file (text/csv, with its file name in Content-Disposition: the operator's export). */
  csv?: boolean;
}

type RequestSchema = z.ZodObject<z.ZodRawShape>;

export interface RouteSpec {
  /** A short title of the operation. */
  summary: string;
  /** Who may do it and the rules it follows, for the reference page. */
  description?: string;
  /** The group the reference page shows it in. */
  tag: Tag;
  /** The request's schemas, the same objects the handlers validate with (test/integration/malformedRequests.test.ts fuzzes them). */
  params?: RequestSchema;
  query?: RequestSchema;
  body?: RequestSchema;
  /** The request takes an Idempotency-Key header (a retried payment is charged once). */
  idempotent?: boolean;
  /**
   * A body read as the raw bytes sent and checked by its signature before anything else (the payment provider's
   * webhook): documented with this schema, never validated by it (the fuzzing of malformed requests leaves it out).
   */
  signedBody?: { schema: z.ZodType; signatureHeader: string; description: string };
  answers: Partial<Record<200 | 201 | 202, AnswerSpec>>;
  /** The codes this route answers with beyond the shared ones, by status. */
  errors?: Partial<Record<400 | 401 | 402 | 403 | 404 | 409 | 410 | 429 | 503, readonly ErrorCode[]>>;
}

export const TAGS = {
  accounts: 'Client and business profiles, business search',
  posts: "Clients' requests (posts) and categories",
  offers: 'Offers, finished jobs and reviews',
  payments: 'Sponsored ads, payments and subscription plans',
  chat: 'Chat rooms and messages',
  moderation: 'Reports and moderation',
  verification: 'Verified businesses',
  notifications: 'In-app notifications, email preferences and unsubscribe links',
  support: 'Contact form and picture uploads',
  priceGuide: 'The price guide: what accepted offers cost per service and town',
  ideas: 'Ideas: tagged pictures of real rooms, the price bands clients let show, and boards of saved ideas',
  privacy: "The caller's own data: download all of it, delete the account",
  operator: 'The operator’s figures: is the marketplace working, by week, town and service',
} as const;
export type Tag = keyof typeof TAGS;

const page = z.object(pageQuery);
const wholeList = z.object(wholeListQuery);

/** A record loaded by the caller's own account: refused until the caller made its profile. */
const PROFILE: ErrorCode = 'PROFILE_REQUIRED';
/** Saving pictures: each must be the caller's own upload, processed, and not refused. */
const PICTURES = { 400: ['NOT_OWN_UPLOAD', 'IMAGE_REFUSED'], 409: ['IMAGE_PROCESSING'] } as const;
const IDEMPOTENCY = {
  400: ['INVALID_IDEMPOTENCY_KEY'],
  409: ['IDEMPOTENCY_KEY_REUSED', 'REQUEST_IN_PROGRESS'],
} as const;

const one = (description: string, schema: z.ZodType): AnswerSpec => ({ description, schema });
const list = (description: string, item: z.ZodType): AnswerSpec => ({ description, schema: z.array(item) });
const pageOf = (description: string, item: z.ZodType): AnswerSpec => ({
  description,
  schema: z.array(item),
  paged: true,
});

export const routeSpecs: Record<string, RouteSpec> = {
  // ---- Accounts ----
  getOwnAccount: {
    tag: 'accounts',
    summary: "The caller's own profile, or `profile: null` before it is created",
    description: 'The profile of the caller’s role, email and language included; never a 404 for a new account.',
    answers: { 200: one('The caller’s profile or null', ownAccountSchema) },
  },
  createUser: {
    tag: 'accounts',
    summary: "Create the caller's client profile",
    description: 'Once per account; `cognitoId` must be the caller’s own.',
    body: createUserBody,
    answers: { 201: one('The new client profile', clientUserSchema) },
    errors: { 400: ['FIELD_REQUIRED'], 403: ['FORBIDDEN'], 409: ['ALREADY_EXISTS', 'CONFLICT'] },
  },
  createBusiness: {
    tag: 'accounts',
    summary: "Create the caller's business profile",
    description: 'Once per account; `cognitoId` must be the caller’s own.',
    body: createBusinessBody,
    answers: { 201: one('The new business profile', businessSchema) },
    errors: { 400: ['FIELD_REQUIRED', 'UNKNOWN_CATEGORY'], 403: ['FORBIDDEN'], 409: ['ALREADY_EXISTS', 'CONFLICT'] },
  },
  getUserByCognito: {
    tag: 'accounts',
    summary: 'A client profile by its account id (Cognito sub)',
    description: 'Email and language only to the client itself.',
    params: subParams,
    answers: { 200: one('The client profile', clientUserSchema) },
    errors: { 404: ['NOT_FOUND'], 410: ['ACCOUNT_DELETED'] },
  },
  getBusinessByCognito: {
    tag: 'accounts',
    summary: 'A business profile by its account id (Cognito sub)',
    description:
      'Email, plan and language only to the business itself; a hidden business only to itself and moderators.',
    params: subParams,
    answers: { 200: one('The business profile', businessSchema) },
    errors: { 404: ['NOT_FOUND'], 410: ['ACCOUNT_DELETED'] },
  },
  getUser: {
    tag: 'accounts',
    summary: 'A client profile',
    params: idParams,
    answers: { 200: one('The client profile', clientUserSchema) },
    errors: { 404: ['NOT_FOUND'], 410: ['ACCOUNT_DELETED'] },
  },
  updateUser: {
    tag: 'accounts',
    summary: "Change the caller's client profile",
    params: idParams,
    body: updateUserBody(),
    answers: { 200: one('The profile as saved', clientUserSchema) },
    errors: { ...PICTURES, 403: ['FORBIDDEN'], 404: ['NOT_FOUND'], 409: ['IMAGE_PROCESSING', 'CONCURRENT_CHANGE'] },
  },
  searchBusinesses: {
    tag: 'accounts',
    summary: 'Businesses whose name starts with the words typed',
    query: businessSearchQuery,
    answers: { 200: pageOf('A page of matching businesses', businessSearchHitSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  getBusiness: {
    tag: 'accounts',
    summary: 'A business profile',
    params: idParams,
    answers: { 200: one('The business profile', businessSchema) },
    errors: { 404: ['NOT_FOUND'], 410: ['ACCOUNT_DELETED'] },
  },
  getStatistics: {
    tag: 'accounts',
    summary: "The caller business's statistics by month: profile views, offers made and accepted, ideas saved",
    description:
      'As many months as its plan shows: Basic this month, Standard and Premium the last twelve (Premium also gets them by email each month). Views count the business profile in the app and the public page, once per viewer a day, never the owner nor robots.',
    answers: { 200: one('Its figures, oldest month first', statisticsSchema) },
    errors: { 403: [PROFILE], 404: ['NOT_FOUND'] },
  },
  recordProfileView: {
    tag: 'accounts',
    summary: "A signed-in user opened the business's profile in the app (its statistics count the view)",
    description: "Counted once per viewer and day; the owner's own views and robots (by User-Agent) are not.",
    params: idParams,
    answers: { 200: one('Whether this view was counted', viewAnswerSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  recordPageView: {
    tag: 'accounts',
    summary: "The view beacon of a business's public page",
    description:
      "Public: no sign-in (the page is cached by the CDN; its script reports the view). Counted once per address and browser a day; robots (by User-Agent) are not; the owner's own browser sends none.",
    params: idParams,
    answers: { 200: one('Whether this view was counted', viewAnswerSchema) },
    errors: { 400: ['INVALID_VALUE'], 404: ['NOT_FOUND'] },
  },
  updateBusiness: {
    tag: 'accounts',
    summary: "Change the caller's business profile",
    description:
      'The showroom (portfolio) holds as many pictures as the plan allows (Basic 12, Standard 40, Premium 100): a new picture above that is 409 `PLAN_LIMIT`; pictures kept from a dearer plan stay and may be removed or reordered.',
    params: idParams,
    body: updateBusinessBody(),
    answers: { 200: one('The profile as saved', businessSchema) },
    errors: {
      400: [...PICTURES[400], 'UNKNOWN_CATEGORY'],
      403: ['FORBIDDEN'],
      404: ['NOT_FOUND'],
      409: ['IMAGE_PROCESSING', 'CONCURRENT_CHANGE', 'CONFLICT', 'PLAN_LIMIT'],
    },
  },
  listBusinessOffers: {
    tag: 'offers',
    summary: "The caller's own offers, with the post each is on",
    params: idParams,
    query: wholeList,
    answers: { 200: pageOf('A page of the business’s offers', offerSchema) },
    errors: { 400: ['INVALID_CURSOR'], 403: ['FORBIDDEN', PROFILE] },
  },
  listBusinessAds: {
    tag: 'payments',
    summary: "A business's Sponsored runs",
    description:
      'To the business itself (and moderators): every run, whatever its state, with its dates, price and figures so far. To everyone else: its live runs only.',
    params: idParams,
    query: page,
    answers: { 200: pageOf('A page of the business’s ads', adSchema) },
    errors: { 400: ['INVALID_CURSOR'], 404: ['NOT_FOUND'], 410: ['ACCOUNT_DELETED'] },
  },
  listBusinessFinishedJobs: {
    tag: 'offers',
    summary: "A business's finished jobs with their reviews",
    params: idParams,
    query: page,
    answers: { 200: pageOf('A page of finished jobs, newest first', finishedJobSchema) },
    errors: { 400: ['INVALID_CURSOR'], 404: ['NOT_FOUND'], 410: ['ACCOUNT_DELETED'] },
  },

  // ---- Categories and posts ----
  listCategories: {
    tag: 'posts',
    summary: 'Every category',
    answers: { 200: list('The categories', categorySchema) },
  },
  listAvailablePosts: {
    tag: 'posts',
    summary: 'Open requests, newest first',
    query: page,
    answers: { 200: pageOf('A page of open posts', postSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  listFilteredPosts: {
    tag: 'posts',
    summary: 'Open requests filtered by categories, towns and budget',
    query: filteredPostsQuery,
    answers: { 200: pageOf('A page of matching open posts', postSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  listSuggestedPosts: {
    tag: 'posts',
    summary: "Open requests in the caller business's categories and towns",
    answers: { 200: list('Suggested open posts', postSchema) },
    errors: { 403: [PROFILE], 404: ['NOT_FOUND'] },
  },
  listUserPosts: {
    tag: 'posts',
    summary: "A client's requests",
    params: userIdParams,
    query: wholeList,
    answers: { 200: pageOf('A page of the client’s posts', postSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  getPost: {
    tag: 'posts',
    summary: 'One request',
    description: 'A hidden post only to its owner and moderators.',
    params: postIdParams,
    answers: { 200: one('The post', postSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  createPost: {
    tag: 'posts',
    summary: 'Post a request',
    body: createPostBody(),
    answers: { 201: one('The new post', postSchema) },
    description:
      'With `ideaId` ("ask for offers like this"): an idea the caller may see (404 else); its picture is the request\'s reference and its business is invited first (told at once); any business may still offer.',
    errors: {
      ...PICTURES,
      400: [...PICTURES[400], 'UNKNOWN_CATEGORY'],
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
    },
  },
  deletePost: {
    tag: 'posts',
    summary: "Delete the caller's request",
    params: postIdParams,
    answers: { 200: one('Deleted', deletedSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['POST_HAS_ACCEPTED_OFFER', 'CONCURRENT_CHANGE', 'CONFLICT'],
    },
  },
  closePost: {
    tag: 'posts',
    summary: "Close the caller's open request",
    params: postIdParams,
    answers: { 200: one('The closed post', postSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['POST_NOT_OPEN', 'POST_HAS_ACCEPTED_OFFER', 'CONCURRENT_CHANGE'],
    },
  },
  reopenPost: {
    tag: 'posts',
    summary: "Reopen the caller's closed or expired request (once)",
    params: postIdParams,
    answers: { 200: one('The reopened post', postSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['POST_NOT_CLOSED', 'ALREADY_REOPENED', 'POST_HAS_ACCEPTED_OFFER', 'CONCURRENT_CHANGE'],
    },
  },

  // ---- Offers and reviews ----
  listPostOffers: {
    tag: 'offers',
    summary: 'The offers on a request',
    description: 'Its client sees every offer; a business only its own.',
    params: postOffersParams,
    query: wholeList,
    answers: { 200: pageOf('A page of offers with the business of each', offerSchema) },
    errors: { 400: ['INVALID_CURSOR'], 403: ['FORBIDDEN', PROFILE], 404: ['NOT_FOUND'] },
  },
  createOffer: {
    tag: 'offers',
    summary: 'Offer on an open request (optionally itemised, with start, duration, what is included and validity)',
    description:
      "Counts toward the month's offers of the business's plan (Basic 10, Standard 40, Premium unlimited; calendar months in Albania's time): at the limit 409 `PLAN_LIMIT` with `limit` (the plan's number, when it resets, the plan that lifts it).",
    body: createOfferBody,
    answers: { 201: one('The new offer', offerSchema) },
    errors: {
      400: ['ITEMS_TOTAL_MISMATCH', 'INVALID_DATE'],
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['POST_NOT_OPEN', 'ALREADY_OFFERED', 'CONCURRENT_CHANGE', 'PLAN_LIMIT'],
    },
  },
  deleteOffer: {
    tag: 'offers',
    summary: "Withdraw the caller's pending offer",
    params: offerIdParams,
    answers: { 200: one('Deleted', deletedSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['OFFER_STATUS_CONFLICT', 'OFFER_FINISHED', 'CONCURRENT_CHANGE'],
    },
  },
  updateOfferStatus: {
    tag: 'offers',
    summary: 'Accept or decline an offer on the caller’s request',
    body: offerStatusBody,
    answers: { 200: one('The offer with its new status', offerSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: [
        'OFFER_STATUS_CONFLICT',
        'OFFER_ALREADY_ACCEPTED',
        'OFFER_FINISHED',
        'POST_NOT_OPEN',
        'CONCURRENT_CHANGE',
        'OFFER_EXPIRED',
        'CONFLICT',
      ],
    },
  },
  reviseOffer: {
    tag: 'offers',
    summary: "Revise the terms of the caller's pending offer (the answer to an open counter-offer)",
    params: offerIdParams,
    body: reviseOfferBody,
    answers: { 200: one('The revised offer', offerSchema) },
    errors: {
      400: ['ITEMS_TOTAL_MISMATCH', 'INVALID_DATE'],
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['OFFER_STATUS_CONFLICT', 'POST_NOT_OPEN', 'CONCURRENT_CHANGE', 'OFFER_EXPIRED'],
    },
  },
  counterOffer: {
    tag: 'offers',
    summary: 'Counter a pending offer on the caller’s request with another price (and start date)',
    params: offerIdParams,
    body: counterOfferBody,
    answers: { 200: one('The offer with the open counter-offer and its history', offerSchema) },
    errors: {
      400: ['INVALID_DATE'],
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: [
        'OFFER_STATUS_CONFLICT',
        'PROPOSAL_OPEN',
        'OFFER_EXPIRED',
        'POST_NOT_OPEN',
        'CONCURRENT_CHANGE',
        'NEGOTIATION_TOO_LONG',
      ],
    },
  },
  answerCounterOffer: {
    tag: 'offers',
    summary: "Accept or decline the client's open counter-offer on the caller's offer",
    params: offerIdParams,
    body: counterAnswerBody,
    answers: { 200: one('The offer as it now is (accepted at the proposed terms, or pending)', offerSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: [
        'OFFER_STATUS_CONFLICT',
        'NO_OPEN_PROPOSAL',
        'OFFER_EXPIRED',
        'OFFER_ALREADY_ACCEPTED',
        'POST_NOT_OPEN',
        'CONCURRENT_CHANGE',
        'NEGOTIATION_TOO_LONG',
      ],
    },
  },
  createFinishedJob: {
    tag: 'offers',
    summary: 'Mark the job finished with a star rating and a review',
    body: finishedJobBody,
    answers: { 201: one('The finished job with its review', finishedJobSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['POST_ALREADY_REVIEWED', 'NOT_REVIEWABLE', 'CONCURRENT_CHANGE'],
    },
  },
  replyToReview: {
    tag: 'offers',
    summary: 'The reviewed business answers the review of a request',
    params: postIdParams,
    body: reviewReplyBody,
    answers: { 200: one('The finished job with the reply', finishedJobSchema) },
    errors: { 403: ['FORBIDDEN', PROFILE], 404: ['NOT_FOUND'], 409: ['REPLY_LOCKED', 'CONCURRENT_CHANGE'] },
  },

  // ---- Ads, payments, subscriptions ----
  listAds: {
    tag: 'payments',
    summary: 'The Sponsored strip: the live runs relevant to the caller',
    description:
      "To a client: live runs for the services of its open requests in its town, then the rest of its town, then the country, each group rotated fairly; to a business: its own live runs only. At most `limit` (4 by default); `view`, the page view's id, counts each run's impression once however often it is asked. There is no next page (a `cursor` answers an empty list).",
    query: listAdsQuery,
    answers: { 200: pageOf('The runs to show, most relevant first', adSchema) },
    errors: { 400: ['INVALID_VALUE'] },
  },
  getAdRun: {
    tag: 'payments',
    summary: "One of the caller's Sponsored runs with its figures per day",
    description:
      'Impressions, clicks, profile views and chats started within 7 days of a click, per UTC day and in total. Only the run’s business (and moderators).',
    params: offerIdParams,
    answers: { 200: one('The run with its figures', adRunDetailSchema) },
    errors: { 403: ['FORBIDDEN'], 404: ['NOT_FOUND'] },
  },
  clickAd: {
    tag: 'payments',
    summary: "A click on a Sponsored run (the strip's counted link)",
    description:
      "Counts the click once per page view (`view`) while the run is live, unless the caller is the run's business; answers the business to open. Profile views and a chat within 7 days count for the run.",
    params: offerIdParams,
    body: adClickBody,
    answers: { 200: one('Where to go and whether the click counted', adClickSchema) },
    errors: { 400: ['INVALID_VALUE'], 404: ['NOT_FOUND'] },
  },
  stopAd: {
    tag: 'payments',
    summary: "Cancel one of the caller's Sponsored runs before its first day, or stop it while live",
    description:
      'The refund rule (`rule` in the answer, the words the app shows before the business confirms): a run not started yet is refunded wholly; a live one 1/7 of its price for each whole day it has left (the day under way is not refunded); a plan’s included run refunds nothing. The refund goes through the payment provider (the payment reads Refunded once the provider approves it). The run ends at once, off every strip, and keeps its figures; its payment says what happened (`runStop`).',
    params: offerIdParams,
    answers: { 200: one('The run, ended, with what the refund rule gave', stoppedAdSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['AD_RUN_NOT_ACTIVE', 'AD_RUN_STOPPING', 'REFUND_IN_PROGRESS', 'REFUND_REFUSED'],
    },
  },
  createAd: {
    tag: 'payments',
    summary: 'Buy a Sponsored run: the run awaits its payment, the answer says where to pay',
    description:
      'A run is 7 days in front of the clients of one of the business’s services (`category`, default its first) in up to 3 towns (`towns`, none: the whole country), from its payment or a chosen `startDate`. It is recorded with a pending payment and a checkout is started with the payment provider: send the buyer to `checkout.url` (the pay step). The run is scheduled or goes live when the provider says the payment completed (its webhook); a declined card leaves it awaiting payment and takes no money; a whole refund ends it. `includedRun: true` uses the run a Premium plan includes each month (no payment, no checkout). A run that would overlap one of the business’s own paid runs (scheduled or live) for the same service, a town in common (or the whole country) and days in common is refused with 409 `AD_RUN_OVERLAP` and `overlap` (those runs, and the towns and days it would add: a strip shows a business once) unless `allowOverlap: true`.',
    body: createAdBody(),
    idempotent: true,
    answers: { 201: one('The ad (awaiting payment), its pending payment and where to pay', createdAdSchema) },
    errors: {
      400: [...PICTURES[400], ...IDEMPOTENCY[400], 'SERVICE_NOT_OFFERED', 'INVALID_DATE'],
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: [...PICTURES[409], ...IDEMPOTENCY[409], 'INCLUDED_RUN_UNAVAILABLE', 'AD_RUN_OVERLAP'],
    },
  },
  deleteAd: {
    tag: 'payments',
    summary: "Delete the caller's ad",
    description:
      'A run that is paid and not over is cancelled or stopped first, with the refund rule applied as POST /ad/{id}/stop does (`stop` and `rule` in the answer).',
    params: offerIdParams,
    answers: { 200: one('Deleted', deletedAdSchema) },
    errors: {
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: ['AD_RUN_STOPPING', 'REFUND_IN_PROGRESS', 'REFUND_REFUSED'],
    },
  },
  listTransactions: {
    tag: 'payments',
    summary: "The caller business's payments",
    params: subParams,
    query: page,
    answers: { 200: pageOf('A page of transactions, newest first', transactionSchema) },
    errors: { 400: ['INVALID_CURSOR'], 403: ['FORBIDDEN'] },
  },
  chooseSubscription: {
    tag: 'payments',
    summary: 'Change the subscription plan (a monthly subscription with the payment provider)',
    description:
      'A paid plan without a subscription starts a checkout (202, `checkout.url`): the plan changes when its first payment completes. A dearer plan changes the subscription at once, prorated (202): the plan changes when the provider confirms. A cheaper paid plan, or Basic (a cancellation), takes effect at the end of the paid period (200, `effectiveAt`); Basic without a subscription is set at once. The plan the business is on while a downgrade or cancellation is scheduled withdraws it (200). With a renewal past due, Basic ends the subscription at once (202); any other plan needs the renewal paid first (409 `SUBSCRIPTION_PAST_DUE`). An upgrade the card on file cannot pay (declined, or none) changes nothing (409 `PAYMENT_DECLINED`).',
    body: subscriptionBody,
    idempotent: true,
    answers: {
      200: one('Nothing to pay now: the plan now, and when a scheduled change takes effect', subscriptionAnswerSchema),
      202: one('A payment is under way: the plan changes when it completes', subscriptionAnswerSchema),
    },
    errors: {
      400: IDEMPOTENCY[400],
      403: [PROFILE],
      404: ['NOT_FOUND'],
      409: ['ALREADY_ON_PLAN', 'CONCURRENT_CHANGE', 'SUBSCRIPTION_PAST_DUE', 'PAYMENT_DECLINED', ...IDEMPOTENCY[409]],
    },
  },
  getBilling: {
    tag: 'payments',
    summary: "The caller business's plan: its subscription's state and dates, and this month's use of its limits",
    answers: { 200: one('The plan and its use', billingSchema) },
    errors: { 403: [PROFILE], 404: ['NOT_FOUND'] },
  },
  updateCard: {
    tag: 'payments',
    summary: "Where to give the card the caller's subscription is charged to (the provider's checkout)",
    description:
      'A subscription past due is paid with the new card too, which ends its grace period. 409 `NO_SUBSCRIPTION` on Basic.',
    answers: { 200: one("The provider's checkout of the card", cardCheckoutSchema) },
    errors: { 403: [PROFILE], 404: ['NOT_FOUND'], 409: ['NO_SUBSCRIPTION'] },
  },
  getPayment: {
    tag: 'payments',
    summary: "One of the caller's payments (the result page follows it until it is Completed or Refused)",
    params: idParams,
    answers: { 200: one('The payment', transactionSchema) },
    errors: { 403: ['FORBIDDEN'], 404: ['NOT_FOUND'] },
  },
  getPaymentReceipt: {
    tag: 'payments',
    summary: "Where the receipt of one of the caller's completed payments is (the provider's invoice)",
    params: idParams,
    answers: { 200: one('The receipt (its link expires within the hour: ask again each time)', receiptSchema) },
    errors: { 403: ['FORBIDDEN'], 404: ['NOT_FOUND'], 409: ['PAYMENT_NOT_REFUNDABLE'] },
  },
  paymentWebhook: {
    tag: 'payments',
    summary: "The payment provider's events (Paddle Billing webhooks)",
    description: `Public: no sign-in. Only a body whose \`${PAYMENT_SIGNATURE_HEADER}\` header (\`ts=<unix seconds>;h1=<HMAC-SHA256 of "ts:raw body" with the stage's webhook secret>\`) is valid and made within ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes is read: anything else is 401 and changes nothing. Repeated, concurrent, late or out-of-order deliveries change a payment once and in order (the event id and \`occurred_at\` decide). Our events: transaction.completed -> payment completed (a subscription's monthly charge: renewed), transaction.payment_failed and transaction.past_due -> payment failed, transaction.canceled -> payment canceled, adjustment.created / adjustment.updated (refunds) -> refunded once approved, subscription.created / updated / past_due / canceled -> the subscription's state. Other event types are answered 200 and ignored.`,
    signedBody: {
      schema: paymentWebhookEventSchema,
      signatureHeader: PAYMENT_SIGNATURE_HEADER,
      description: 'The event envelope, read as the raw bytes sent (the signature is over them)',
    },
    answers: { 200: one('Received (applied, unchanged or ignored)', webhookAnswerSchema) },
    errors: { 400: ['WEBHOOK_MALFORMED'], 401: ['WEBHOOK_SIGNATURE_INVALID'] },
  },

  // ---- Chat ----
  createChatRoom: {
    tag: 'chat',
    summary: 'Open (or find) the room of a client and a business',
    body: createRoomBody,
    answers: {
      200: one('The room existed already', chatRoomSchema),
      201: one('The new room', chatRoomSchema),
    },
    errors: { 403: ['FORBIDDEN', PROFILE], 404: ['NOT_FOUND'] },
  },
  listBusinessRooms: {
    tag: 'chat',
    summary: "The caller business's rooms",
    query: roomsQuery,
    answers: { 200: pageOf('A page of rooms, latest message first', chatRoomSchema) },
    errors: { 400: ['INVALID_CURSOR'], 403: ['FORBIDDEN'] },
  },
  listUserRooms: {
    tag: 'chat',
    summary: "The caller client's rooms",
    query: roomsQuery,
    answers: { 200: pageOf('A page of rooms, latest message first', chatRoomSchema) },
    errors: { 400: ['INVALID_CURSOR'], 403: ['FORBIDDEN'] },
  },
  createChatToken: {
    tag: 'chat',
    summary: 'A Firebase token to read the caller’s rooms from the Realtime Database',
    answers: { 200: one('The token', chatTokenSchema) },
    errors: { 503: ['CHAT_NOT_CONFIGURED'] },
  },
  sendChatMessage: {
    tag: 'chat',
    summary: 'Send a message in a room the caller is a member of',
    params: chatRoomParams,
    body: chatMessageBody,
    answers: { 201: one('The message as stored', chatMessageSchema) },
    errors: { 403: ['CHAT_BLOCKED', 'FORBIDDEN'], 404: ['NOT_FOUND'], 503: ['CHAT_NOT_CONFIGURED'] },
  },
  markChatRoomRead: {
    tag: 'chat',
    summary: "The caller has read the room's messages",
    params: chatRoomParams,
    answers: { 200: one('The room has no unread message for the caller', chatReadSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  getChatUnread: {
    tag: 'chat',
    summary: 'How many chat messages the caller has not read',
    answers: { 200: one('The total over the caller’s rooms', chatUnreadSchema) },
  },
  reportChatMessage: {
    tag: 'moderation',
    summary: 'Report a message of the other member of a room',
    params: chatMessageParams,
    body: chatReportBody,
    answers: { 201: one('The report', chatMessageReportSchema) },
    errors: {
      400: ['OWN_MESSAGE'],
      404: ['NOT_FOUND'],
      409: ['ALREADY_REPORTED', 'CONCURRENT_CHANGE'],
      503: ['CHAT_NOT_CONFIGURED'],
    },
  },
  setChatBlock: {
    tag: 'chat',
    summary: 'Block or unblock the other member of a room',
    params: chatRoomParams,
    body: chatBlockBody,
    answers: { 200: one('The room as the caller now sees it', chatRoomSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },

  // ---- Reports and moderation ----
  createReport: {
    tag: 'moderation',
    summary: 'Report a request, a business profile, a review or an idea',
    body: createReportBody,
    answers: { 201: one('The report', createdReportSchema) },
    errors: { 400: ['OWN_ITEM'], 404: ['NOT_FOUND'], 409: ['ALREADY_REPORTED', 'CONCURRENT_CHANGE'] },
  },
  listReportedItems: {
    tag: 'moderation',
    summary: 'The moderators’ queue of reported items',
    query: reportsQuery,
    answers: { 200: pageOf('A page of reported items', reportedItemSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  decideReportedItem: {
    tag: 'moderation',
    summary: 'Hide the item, dismiss the reports, or suspend the owner',
    params: reportEntryParams,
    body: decisionBody,
    answers: { 200: one('The decided entry', reportedItemSchema) },
    errors: { 404: ['NOT_FOUND'], 409: ['ALREADY_DECIDED', 'CONCURRENT_CHANGE', 'CONFLICT'] },
  },
  getModerationStats: {
    tag: 'moderation',
    summary: 'Weekly counts of requests, offers, accepted and finished jobs and reports',
    query: statsQuery,
    answers: { 200: one('The latest weeks, newest first', moderationStatsSchema) },
  },

  listPayments: {
    tag: 'moderation',
    summary: "Every business's payments, newest first (moderators refund from here)",
    query: page,
    answers: { 200: pageOf('A page of payments', moderationPaymentSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  refundPayment: {
    tag: 'moderation',
    summary: 'Refund a completed payment, wholly or in part, with a reason the business is shown',
    description:
      'Through the payment provider. The payment becomes Refunded when the provider approves the refund (at once locally; Paddle reviews most live refunds); a whole refund takes back what was bought. The business is told by email and in the app.',
    params: idParams,
    body: refundBody,
    answers: { 200: one('The payment with its refund', moderationPaymentSchema) },
    errors: {
      404: ['NOT_FOUND'],
      409: ['PAYMENT_NOT_REFUNDABLE', 'REFUND_TOO_LARGE', 'REFUND_IN_PROGRESS', 'REFUND_REFUSED'],
    },
  },

  // ---- Notifications ----
  listNotifications: {
    tag: 'notifications',
    summary: "The caller's in-app notifications, newest first",
    query: notificationsQuery,
    answers: { 200: pageOf('A page of notifications', appNotificationSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  getUnreadNotifications: {
    tag: 'notifications',
    summary: 'How many notifications the caller has not read',
    answers: { 200: one('The count', countSchema) },
  },
  markNotificationsRead: {
    tag: 'notifications',
    summary: 'Mark one notification (`id`) or every one (`all: true`) read',
    body: markReadBody,
    answers: {
      200: one(
        'The notification marked read, or `{count: 0}` after marking all',
        z.union([appNotificationSchema, countSchema]),
      ),
    },
    errors: { 404: ['NOT_FOUND'] },
  },
  getNotificationPreferences: {
    tag: 'notifications',
    summary: "The caller's email switches and lead alert mode",
    answers: { 200: one('The preferences', notificationPreferencesSchema) },
  },
  updateNotificationPreferences: {
    tag: 'notifications',
    summary: 'Change any of the email switches and the lead alert mode',
    body: preferencesBody,
    answers: { 200: one('The preferences as saved', notificationPreferencesSchema) },
  },
  getPushKey: {
    tag: 'notifications',
    summary: "The stage's VAPID public key (a browser's applicationServerKey), null when push is not set up",
    answers: { 200: one('The key', pushKeySchema) },
  },
  subscribePush: {
    tag: 'notifications',
    summary: "Store this device's push subscription (the browser's PushSubscription.toJSON())",
    description:
      'The notifier pushes every kind the caller has on for push (preferences `push`) to each stored device; a subscription its push service calls gone (404/410) is deleted. The endpoint must be https.',
    body: pushSubscriptionBody,
    answers: { 200: one('The stored device (its id unsubscribes it)', pushDeviceSchema) },
  },
  unsubscribePush: {
    tag: 'notifications',
    summary: "Remove one of the caller's push subscriptions (turning push off on a device, signing out)",
    params: pushSubscriptionParams,
    answers: { 200: one('Deleted', deletedSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  showUnsubscribe: {
    tag: 'notifications',
    summary: 'The page an email’s unsubscribe link opens (asks to confirm)',
    description:
      'Public: no sign-in; the link carries its own signed token. A browser (Accept: text/html) gets a page also when the link is altered; any other caller the JSON error.',
    query: unsubscribeQuery,
    answers: { 200: { description: 'An HTML page that asks to confirm', html: true } },
    errors: { 400: ['INVALID_VALUE'] },
  },
  unsubscribe: {
    tag: 'notifications',
    summary: 'Turn off the emails of the kind the link names (one-click unsubscribe)',
    description: 'Public: no sign-in; the link carries its own signed token.',
    query: unsubscribeQuery,
    answers: { 200: { description: 'An HTML page that says it is done', html: true } },
    errors: { 400: ['INVALID_VALUE'] },
  },

  // ---- Price guide ----
  // ---- Ideas and boards ----
  listIdeas: {
    tag: 'ideas',
    summary: 'Ideas, newest first: all, by room, room and town, style, service, service and town, or one business',
    description:
      'Each shape is one Query of its own list; any other mix of filters is 400 INVALID_VALUE. Ideas of a business that is hidden, suspended or closed are left out (a page may be shorter than `limit`; its cursor goes on). A business sees all of its own (hidden ones with their mark) and how many boards hold each.',
    query: ideasQuery,
    answers: { 200: pageOf('A page of ideas', ideaSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  getIdea: {
    tag: 'ideas',
    summary: 'One idea',
    description:
      'Its business and moderators see it hidden too; to anyone else an idea hidden, or whose business is hidden, suspended or closed, is 404.',
    params: ideaParams,
    answers: { 200: one('The idea', ideaSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  tagIdea: {
    tag: 'ideas',
    summary: 'Show a picture of the caller business among the ideas, with its room and style (or change them)',
    description:
      "A portfolio picture, or with `postId` a picture of one of its own finished jobs (its upload, processed; at most 6 per job). The service is one of the job's or the business's, the first when none is given; the town the job's, else the business's. 201 for a new idea, 200 for new tags of one.",
    body: ideaTagBody(),
    answers: { 200: one('The idea with its new tags', ideaSchema), 201: one('The new idea', ideaSchema) },
    errors: {
      400: [...PICTURES[400], 'INVALID_VALUE', 'SERVICE_NOT_OFFERED', 'FIELD_REQUIRED'],
      403: ['FORBIDDEN', PROFILE],
      404: ['NOT_FOUND'],
      409: [...PICTURES[409], 'TOO_MANY_ITEMS', 'CONCURRENT_CHANGE', 'CONFLICT'],
    },
  },
  deleteIdea: {
    tag: 'ideas',
    summary: 'Take a picture out of the ideas (it leaves every board)',
    params: ideaParams,
    answers: { 200: one('Deleted', deletedSchema) },
    errors: { 403: ['FORBIDDEN', PROFILE], 404: ['NOT_FOUND'] },
  },
  getJobPriceBand: {
    tag: 'ideas',
    summary: "The price band of the caller's finished job, and whether its pictures show it",
    params: priceBandParams,
    answers: { 200: one('The band and the consent', jobPriceBandSchema) },
    errors: { 403: ['FORBIDDEN', PROFILE], 404: ['NOT_FOUND'], 409: ['CONFLICT'] },
  },
  setJobPriceBand: {
    tag: 'ideas',
    summary: "Let the pictures of the caller's finished job show its price band, or take that back",
    description: 'Default: not shown. Never the price itself: the band it falls in.',
    params: priceBandParams,
    body: priceBandBody,
    answers: { 200: one('The band and the consent', jobPriceBandSchema) },
    errors: { 403: ['FORBIDDEN', PROFILE], 404: ['NOT_FOUND'], 409: ['CONFLICT', 'CONCURRENT_CHANGE'] },
  },
  listBoards: {
    tag: 'ideas',
    summary: "The caller's boards of saved ideas, newest first",
    query: page,
    answers: { 200: pageOf('A page of boards', boardSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  createBoard: {
    tag: 'ideas',
    summary: 'A new board, private until shared',
    body: createBoardBody,
    answers: { 201: one('The board', boardSchema) },
    errors: { 403: [PROFILE], 409: ['BOARD_LIMIT', 'CONCURRENT_CHANGE'] },
  },
  getBoard: {
    tag: 'ideas',
    summary: "A board: the caller's own, or one shared by its link",
    params: boardParams,
    answers: { 200: one('The board', boardSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  updateBoard: {
    tag: 'ideas',
    summary: 'Rename a board, or share it by link (or stop sharing)',
    params: boardParams,
    body: updateBoardBody,
    answers: { 200: one('The board', boardSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  deleteBoard: {
    tag: 'ideas',
    summary: 'Delete a board and what is saved on it (the ideas stay)',
    params: boardParams,
    answers: { 200: one('Deleted', deletedSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  listBoardIdeas: {
    tag: 'ideas',
    summary: 'The ideas on a board, saved last first',
    description: 'Ideas since hidden, or whose business is hidden, suspended or closed, are left out.',
    params: boardParams,
    query: page,
    answers: { 200: pageOf('A page of ideas', ideaSchema) },
    errors: { 400: ['INVALID_CURSOR'], 404: ['NOT_FOUND'] },
  },
  saveIdeaToBoard: {
    tag: 'ideas',
    summary: 'Save an idea to a board (saving it again changes nothing)',
    params: boardIdeaParams,
    answers: { 200: one('The board', boardSchema) },
    errors: { 404: ['NOT_FOUND'], 409: ['BOARD_LIMIT', 'CONCURRENT_CHANGE'] },
  },
  removeIdeaFromBoard: {
    tag: 'ideas',
    summary: 'Take an idea off a board',
    params: boardIdeaParams,
    answers: { 200: one('The board', boardSchema) },
    errors: { 404: ['NOT_FOUND'], 409: ['CONCURRENT_CHANGE'] },
  },

  getPriceGuide: {
    tag: 'priceGuide',
    summary: 'What most accepted offers cost for a service in a town (or across Albania)',
    description:
      'Public: no sign-in; cacheable (Cache-Control: public, max-age=300). From offers accepted (and jobs finished) in the last 12 months; a figure only when it rests on at least 5 accepted offers from at least 3 businesses, else the service across Albania, else null.',
    query: priceGuideQuery,
    answers: { 200: one('The figure, or null', priceGuideAnswerSchema) },
  },

  // ---- The operator's figures ----
  getOperatorFigures: {
    tag: 'operator',
    summary: 'Every figure of the latest weeks, across Albania or in a town, a service or both',
    description: `Kept from the table's stream per ISO week (UTC); one Query. A request's figures count in the week it was posted. The time to a first offer is within ${OPERATOR_TIME_ACCURACY_PERCENT} % of the exact median and 90th percentile. Figures kept for the whole country only are null in a town or a service.`,
    query: operatorFiguresQuery,
    answers: { 200: one('The weeks, oldest first', operatorFiguresSchema) },
  },
  getOperatorGrid: {
    tag: 'operator',
    summary: 'The town x service grid of a week: requests answered within 24 hours',
    description: 'The pairs with requests, worst first (most requests left waiting); one Query.',
    query: operatorGridQuery,
    answers: { 200: one('The grid', operatorGridSchema) },
  },
  exportOperatorFigure: {
    tag: 'operator',
    summary: 'One figure of a range of weeks as a CSV file',
    description: `text/csv with its file name in Content-Disposition; at most ${OPERATOR_EXPORT_WEEKS_MAX} weeks; a range ending before it starts or longer is a 400 INVALID_DATE.`,
    query: operatorExportQuery,
    answers: { 200: { description: 'The CSV file', csv: true } },
    errors: { 400: ['INVALID_DATE'] },
  },

  // ---- Verified businesses ----
  requestVerification: {
    tag: 'verification',
    summary: 'Ask to be verified with the NIPT and a picture of a document',
    body: verificationRequestBody(),
    answers: { 201: one('The pending request', verificationSchema) },
    errors: {
      400: [...PICTURES[400], 'INVALID_NIPT'],
      403: [PROFILE],
      409: [...PICTURES[409], 'VERIFICATION_PENDING', 'ALREADY_VERIFIED', 'CONCURRENT_CHANGE', 'CONFLICT'],
    },
  },
  getVerification: {
    tag: 'verification',
    summary: "The caller business's verification status",
    answers: { 200: one('The status', verificationSchema) },
    errors: { 403: [PROFILE] },
  },
  listPendingVerifications: {
    tag: 'verification',
    summary: 'The moderators’ queue of verification requests, oldest first',
    query: verificationQueueQuery,
    answers: { 200: pageOf('A page of pending requests', pendingVerificationSchema) },
    errors: { 400: ['INVALID_CURSOR'] },
  },
  decideVerification: {
    tag: 'verification',
    summary: 'Approve a verification request, or refuse it with a reason',
    params: verificationDecisionParams,
    body: verificationDecisionBody,
    answers: { 200: one('The decided request', verificationSchema) },
    errors: { 403: ['FORBIDDEN'], 404: ['NOT_FOUND'], 409: ['ALREADY_DECIDED', 'CONCURRENT_CHANGE', 'CONFLICT'] },
  },

  // ---- Privacy (docs/privacy.md) ----
  requestDataExport: {
    tag: 'privacy',
    summary: 'Ask for a copy of everything held about the caller (a ZIP, emailed and shown here when ready)',
    description:
      'At most one a day (a failed one may be asked again at once). The ZIP holds the caller’s data as JSON, a README in their language and their own pictures; it is kept 24 hours.',
    answers: { 202: one('The export, asked for', dataExportSchema) },
    errors: { 403: [PROFILE], 409: ['EXPORT_TOO_SOON', 'CONCURRENT_CHANGE'] },
  },
  getDataExport: {
    tag: 'privacy',
    summary: "The caller's latest data export, with a download address while it is ready",
    answers: { 200: one('The latest export (status `none` before the first)', dataExportSchema) },
  },
  closeAccount: {
    tag: 'privacy',
    summary: "Delete the caller's account: closed at once, erased 14 days later unless its owner cancels",
    description:
      'Needs the account’s password. Closing signs the account out everywhere, withdraws its open requests and pending offers, stops its ads and billing, and hides its profile and public page (410). From then on the account’s tokens are refused (403 ACCOUNT_CLOSED) except on GET and DELETE /account/deletion.',
    body: closeAccountBody,
    answers: { 200: one('The deletion, with the erasure date', accountDeletionSchema) },
    errors: {
      400: ['WRONG_PASSWORD'],
      403: [PROFILE],
      409: ['ACCOUNT_CLOSED', 'CONCURRENT_CHANGE'],
      429: ['TOO_MANY_ATTEMPTS'],
    },
  },
  getAccountDeletion: {
    tag: 'privacy',
    summary: "Whether the caller's account is in use or waits for its erasure, and when",
    description: 'Answered to a closed account too.',
    answers: { 200: one('The deletion status', accountDeletionSchema) },
  },
  cancelAccountDeletion: {
    tag: 'privacy',
    summary: "Keep the caller's closed account (cancel its erasure)",
    description:
      'Answered to a closed account, with a token of a sign-in made after the account was closed (403 SIGN_IN_AGAIN otherwise).',
    answers: { 200: one('The account, in use again', accountDeletionSchema) },
    errors: { 403: ['SIGN_IN_AGAIN'], 409: ['NOT_CLOSING', 'CONCURRENT_CHANGE'] },
  },

  // ---- Support and uploads ----
  createContactMessage: {
    tag: 'support',
    summary: 'Send a message to the team',
    body: contactBody,
    answers: { 201: one('Received', contactAnswerSchema) },
  },
  getUploadState: {
    tag: 'support',
    summary: "Whether the caller's upload came through the picture processor",
    description:
      'Poll after an upload: `processing` until the verdict, then `ready` with the size or `failed` with why.',
    query: uploadStateQuery,
    answers: { 200: one('The state of the upload', uploadStateSchema) },
    errors: { 404: ['NOT_FOUND'] },
  },
  createUploadUrl: {
    tag: 'support',
    summary: 'An address to upload one picture to',
    description: 'PUT the file to `url` with exactly `headers`; then name `key` in the record that uses it.',
    body: uploadUrlBody,
    answers: { 200: one('Where and how to upload', uploadUrlSchema) },
  },
};
