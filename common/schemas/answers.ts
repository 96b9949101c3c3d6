/**
 * The shapes the API answers with (spec section 3), as zod schemas: the types of common/types.ts are
 * inferred from them (the handlers and the web app use those), the OpenAPI document (common/openapi/)
 * is generated from them, and the integration tests check every answer against that document. Ids are
 * `_id` like the original API; image fields are full addresses (CDN base + key) in answers.
 *
 * Every object is strict: a field that is not named here is a mismatch, so no answer carries more than
 * this file says (private fields included).
 */
import * as z from 'zod';
import {
  COUNTER_ANSWERS,
  NEGOTIATION_ACTIONS,
  NEGOTIATION_PARTIES,
  OFFER_INCLUDED,
  OFFER_STATUSES,
  POST_CLOSED_REASONS,
  POST_STATUSES,
  SUBSCRIPTION_PLANS,
  type PlanId,
  LEAD_ALERT_MODES,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from '../constants';
import { ERROR_CODES } from '../errors';
import { BILLING_STATUSES, MARKED_PLANS, PLAN_END_REASONS, PLAN_LIMIT_KINDS, type MarkedPlan } from '../plans';
import { CURRENCIES, LANGUAGES } from '../languages';
import { IDEA_ROOMS, IDEA_SOURCES, IDEA_STYLES } from '../ideas';
import { AD_ATTRIBUTION_DAYS, AD_RUN_END_REASONS, AD_RUN_STATES } from '../adRuns';
import { VERIFICATION_STATUSES, REPORT_KINDS, REPORT_REASONS, REPORT_STATUSES } from '../constants';
import { CHARGE_CURRENCIES, PAYMENT_STATES, TRANSACTION_STATUSES, UNMATCHED_REASONS } from '../payments';
import { PAYMENT_SUMMARY_MESSAGES } from '../paymentSummaries';

/** A moment, as `Date.toISOString()` writes it. */
export const timestamp = () => z.iso.datetime({ offset: true });
const id = () => z.string().min(1);
const address = () => z.string().min(1).describe('A full address (the CDN base and the key)');
const planIds = SUBSCRIPTION_PLANS.map((p) => p.id) as [PlanId, ...PlanId[]];
const planSchema = z.enum(planIds);

// ---- Errors ----

export const fieldErrorSchema = z
  .strictObject({ field: z.string(), message: z.string(), code: z.enum(ERROR_CODES) })
  .meta({ id: 'FieldError' });

/** A plan's limit reached (common/plans.ts): which, the plan's number, how much is used, when it resets, what lifts it. */
export const planLimitSchema = z
  .strictObject({
    kind: z.enum(PLAN_LIMIT_KINDS).describe('offersPerMonth: offers made this calendar month; portfolioPictures'),
    plan: planSchema.describe("The business's plan now"),
    limit: z.number().int(),
    used: z.number().int(),
    resetsAt: timestamp().optional().describe('A monthly quota: when it starts again (the 1st, Albanian time)'),
    upgradeTo: planSchema.optional().describe('The cheapest plan that lifts this limit (none on the top plan)'),
  })
  .meta({ id: 'PlanLimit' });

/** 409 AD_RUN_OVERLAP (common/adRuns.ts runOverlap): the business's runs a new one overlaps, and what it would add. */
export const runOverlapSchema = z
  .strictObject({
    runs: z.array(
      z.strictObject({
        _id: id(),
        state: z.enum(['scheduled', 'live']),
        towns: z.array(z.string()).describe('Empty: the whole country'),
        startsAt: timestamp(),
        endsAt: timestamp(),
      }),
    ),
    addsTowns: z.array(z.string()).describe('Its towns none of them is shown in'),
    addsCountry: z.boolean().describe('It is for the whole country and none of them is'),
    addsDays: z.number().int().min(0).describe('Whole days of it none of them covers'),
  })
  .meta({ id: 'RunOverlap' });

/** Every error answer: `{message, code, errors?: [{field, message, code}]}` (codes: common/errors.ts). */
export const apiErrorSchema = z
  .strictObject({
    message: z.string().describe('An English text for people'),
    code: z.enum(ERROR_CODES).describe('A stable code: the web app shows its own translated text per code'),
    errors: z.array(fieldErrorSchema).optional().describe('One entry per refused field'),
    limit: planLimitSchema.optional().describe('409 PLAN_LIMIT: the limit of the plan that was reached'),
    overlap: runOverlapSchema
      .optional()
      .describe('409 AD_RUN_OVERLAP: the business’s runs the new one overlaps and what it would add'),
  })
  .meta({ id: 'ApiError' });

// ---- Marks shared by several answers ----

/** Why and when a moderator hid the item: it is gone for everyone else; its owner and moderators see this mark. */
export const hiddenMarkSchema = z.strictObject({ reason: z.string(), at: timestamp() }).meta({ id: 'HiddenMark' });

/**
 * How a business was rated: the mean of its reviews' stars (1-5, two decimals; 0 with no review yet) and how many
 * reviews it has. In every answer that carries a business.
 */
export const ratingShape = {
  ratingAverage: z.number().min(0).max(5),
  reviewCount: z.number().int().min(0),
};
/** Every answer carrying a business says whether it is verified (false until a moderator approves). */
export const verifiedShape = { verified: z.boolean() };
const hiddenShape = { hidden: hiddenMarkSchema.optional() };

// ---- Accounts ----

export const clientUserSchema = z
  .strictObject({
    _id: id(),
    cognitoId: id(),
    username: z.string(),
    email: z.string().optional().describe('Only in answers to the client itself'),
    location: z.string().optional(),
    profilePicture: address().optional(),
    createdAt: timestamp(),
    language: z
      .enum(LANGUAGES)
      .optional()
      .describe("The account's chosen language; only in answers to the client itself"),
  })
  .meta({ id: 'ClientUser' });

export const businessSchema = z
  .strictObject({
    _id: id(),
    cognitoId: id(),
    businessName: z.string(),
    username: z.string().optional(),
    email: z.string().optional().describe('Only in answers to the business itself (as is `plan`)'),
    description: z.string().optional(),
    location: z.string(),
    serviceTowns: z
      .array(z.string())
      .describe('Towns it works in (its own town unless it set others): new matching requests there are its leads'),
    categories: z.array(z.string()),
    profilePicture: address().optional(),
    showroom: z.array(address()),
    plan: planSchema.optional(),
    offersCount: z.number().int(),
    postsCount: z.number().int(),
    finishedJobsCount: z.number().int(),
    createdAt: timestamp(),
    language: z
      .enum(LANGUAGES)
      .optional()
      .describe("The account's chosen language; only in answers to the business itself"),
    slug: z
      .string()
      .optional()
      .describe('The address word of its public page (/biznes/{slug}); absent until it has one'),
    publicPage: z.boolean().describe('Whether its public page is on (the business can turn it off in Settings)'),
    ...ratingShape,
    ...verifiedShape,
    ...hiddenShape,
  })
  .meta({ id: 'Business' });

export const businessSearchHitSchema = z
  .strictObject({
    _id: id(),
    businessName: z.string(),
    profilePicture: address().optional(),
    location: z.string(),
    ...ratingShape,
    ...verifiedShape,
  })
  .meta({ id: 'BusinessSearchHit' });

/** A business as an offer shows it. */
export const businessCardSchema = z
  .strictObject({
    businessName: z.string(),
    profilePicture: address().optional(),
    ...ratingShape,
    ...verifiedShape,
    finishedJobsCount: z.number().int().optional().describe("Jobs done: on a request's offers, to its client"),
    former: z
      .literal(true)
      .optional()
      .describe('The business deleted its account: its finished work stays without its name (`businessName` empty)'),
    planMark: z
      .enum(MARKED_PLANS as [MarkedPlan, ...MarkedPlan[]])
      .optional()
      .describe(
        "The mark of the business's paid plan: its offers carry it and are highlighted (absent on Basic; the plan itself stays private to the business)",
      ),
  })
  .meta({ id: 'BusinessCard' });

/** GET /account: the caller's own record of their role (email included), or null before it is created. */
export const ownAccountSchema = z
  .strictObject({ profile: z.union([clientUserSchema, businessSchema]).nullable() })
  .meta({ id: 'OwnAccount' });

export const categorySchema = z.strictObject({ _id: id(), name: z.string() }).meta({ id: 'Category' });

// ---- Posts, offers, reviews ----

const postShape = {
  _id: id(),
  userId: id(),
  title: z.string(),
  content: z.string().optional(),
  images: z.array(address()),
  category: z.array(z.string()),
  location: z.string(),
  budget: z.number().optional(),
  createdAt: timestamp(),
  status: z.enum(POST_STATUSES),
  clientName: z.string().optional().describe('Denormalised for cards and the post detail'),
  expiresAt: timestamp().optional().describe('While open: when it closes by itself if no offer is accepted'),
  closedReason: z.enum(POST_CLOSED_REASONS).optional().describe('Closed: by its client or because it expired'),
  closedAt: timestamp().optional(),
  reopenedAt: timestamp().optional().describe('When it was reopened (a request is reopened once)'),
  reference: z
    .strictObject({
      ideaId: id(),
      picture: address(),
      businessId: id().describe('The business that made it: invited first to offer'),
    })
    .optional()
    .describe('Asked "like this idea": the idea it was made from, its picture a reference for every business'),
  ...hiddenShape,
};
export const postSchema = z.strictObject(postShape).meta({ id: 'Post' });

/** A post as a business's offer list shows it. */
export const postSummarySchema = z
  .strictObject({
    _id: postShape._id,
    title: postShape.title,
    images: postShape.images,
    location: postShape.location,
    category: postShape.category,
    status: postShape.status,
  })
  .meta({ id: 'PostSummary' });

/** A day, `YYYY-MM-DD`. */
const day = () => z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One step of an offer's negotiation, as both sides see it in the offer's thread. */
export const negotiationStepSchema = z
  .strictObject({
    by: z.enum(NEGOTIATION_PARTIES),
    action: z.enum(NEGOTIATION_ACTIONS),
    at: timestamp(),
    price: z.number().optional().describe('The price proposed (offer, counter, revision, acceptCounter)'),
    startDate: day().optional(),
    note: z.string().optional(),
  })
  .meta({ id: 'NegotiationStep' });

/** The client's counter-offer while it waits for the business's answer (at most one at a time). */
export const counterProposalSchema = z
  .strictObject({ price: z.number(), startDate: day().optional(), note: z.string().optional(), at: timestamp() })
  .meta({ id: 'CounterProposal' });

export const offerSchema = z
  .strictObject({
    _id: id(),
    businessId: id(),
    postId: id(),
    price: z.number(),
    message: z.string(),
    status: z.enum(OFFER_STATUSES),
    createdAt: timestamp(),
    revisedAt: timestamp()
      .optional()
      .describe('When the business last revised price or message (the client sees "revised")'),
    items: z
      .array(z.strictObject({ label: z.string(), amount: z.number() }))
      .optional()
      .describe('Line items adding up to the price; absent: a one-line offer (the price)'),
    startDate: day().optional().describe('Earliest start'),
    durationDays: z.number().int().optional(),
    included: z.array(z.enum(OFFER_INCLUDED)).optional(),
    includedNote: z.string().optional(),
    validUntil: day().optional().describe('Last day the offer can be accepted'),
    expired: z.boolean().optional().describe('Pending and past validUntil: it can no longer be accepted'),
    version: z
      .number()
      .int()
      .optional()
      .describe('Moves with every negotiation step; send it back to act on the offer as you saw it'),
    proposal: counterProposalSchema.optional(),
    awaiting: z
      .enum(NEGOTIATION_PARTIES)
      .optional()
      .describe('While pending: who must answer next (the business while a counter-offer is open)'),
    history: z.array(negotiationStepSchema).optional().describe('The whole negotiation, oldest first'),
    business: businessCardSchema.optional(),
    post: postSummarySchema.optional(),
  })
  .meta({ id: 'Offer' });

/** A business's reply to a review of it: written once, editable until REVIEW_REPLY_EDIT_DAYS after `createdAt`. */
export const reviewReplySchema = z
  .strictObject({ text: z.string(), createdAt: timestamp(), editedAt: timestamp().optional() })
  .meta({ id: 'ReviewReply' });

export const finishedJobSchema = z
  .strictObject({
    _id: id(),
    postId: id(),
    businessId: id(),
    offerId: id(),
    rating: z.number().int().min(1).max(5),
    review: z.string(),
    createdAt: timestamp(),
    post: z.strictObject({
      title: postShape.title,
      images: postShape.images,
      location: postShape.location,
      content: postShape.content,
    }),
    reply: reviewReplySchema.optional().describe("The reviewed business's answer, shown under the review to everyone"),
    formerClient: z
      .literal(true)
      .optional()
      .describe('Its client deleted their account: the review stays, as a former client’s'),
    ...hiddenShape,
  })
  .meta({ id: 'FinishedJob' });

// ---- Ideas and boards ----

/** What a job cost, as its client agreed to show it: a band between two boundaries, never the price. */
export const priceBandSchema = z
  .strictObject({
    min: z.number().optional().describe('At least this (absent: the lowest band)'),
    max: z.number().optional().describe('Less than this (absent: the highest band)'),
    currency: z.enum(CURRENCIES),
  })
  .meta({ id: 'PriceBand' });

/** The business that made an idea, as the idea shows it. */
export const ideaBusinessSchema = z
  .strictObject({
    _id: id(),
    businessName: z.string(),
    profilePicture: address().optional(),
    location: z.string().optional().describe("The business's town"),
    slug: z.string().optional().describe('Its public page (/biznes/{slug}), when that page is on'),
    ...ratingShape,
    ...verifiedShape,
  })
  .meta({ id: 'IdeaBusiness' });

/** One idea: a tagged picture of a business's work. */
export const ideaSchema = z
  .strictObject({
    _id: id(),
    picture: address(),
    room: z.enum(IDEA_ROOMS),
    style: z.enum(IDEA_STYLES).optional(),
    service: z.string().describe('A service (category) id'),
    town: z.string().describe("Where the work is (a finished job's town, else the business's)"),
    source: z.enum(IDEA_SOURCES).describe('A portfolio picture, or a picture of a finished job'),
    postId: id().optional().describe("A finished job's request: only to its business"),
    createdAt: timestamp(),
    business: ideaBusinessSchema,
    priceBand: priceBandSchema.optional().describe('What the job cost, only when its client agreed to show it'),
    saveCount: z.number().int().min(0).optional().describe('Boards holding it: only to its business'),
    width: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("The picture's width at its largest (its shape, before it loads)"),
    height: z.number().int().min(1).optional(),
    ...hiddenShape,
  })
  .meta({ id: 'Idea' });

/** A client's board of saved ideas. */
export const boardSchema = z
  .strictObject({
    _id: id(),
    name: z.string(),
    shared: z.boolean().describe('Anyone with its link may see it (private until shared)'),
    ideaCount: z.number().int().min(0),
    cover: address().optional().describe('The picture of the idea saved last'),
    createdAt: timestamp(),
    updatedAt: timestamp(),
    own: z.boolean().describe("The caller's own board (else a board shared by its link)"),
  })
  .meta({ id: 'Board' });

/** GET and PUT /ideas/price-band/{postId}: the job's band and whether its client lets its pictures show it. */
export const jobPriceBandSchema = z
  .strictObject({
    postId: id(),
    show: z.boolean(),
    band: priceBandSchema,
    pictures: z.number().int().min(0).describe("The business's pictures of the job shown as ideas"),
  })
  .meta({ id: 'JobPriceBand' });

// ---- Ads, payments, subscriptions ----

/** What a payment bought, as a message id of the web catalogues and its values (common/payments.ts). */
export const paymentSummarySchema = z
  .strictObject({
    message: z.enum(PAYMENT_SUMMARY_MESSAGES),
    values: z.strictObject({
      service: id().optional().describe('A Sponsored run: the service (category id) it is shown for'),
      towns: z.array(z.string()).optional().describe('A Sponsored run: its towns; empty: the whole country'),
      plan: planSchema.optional().describe('A plan payment: the plan'),
    }),
  })
  .describe('What was bought, for the app to word in the reader’s language (the `description` is its English text)')
  .meta({ id: 'PaymentSummary' });

/** The refund rule applied to a run its business cancelled or stopped (common/adRuns.ts runStopTerms). */
export const runStopSchema = z
  .strictObject({
    kind: z.enum(['cancel', 'stop']).describe('cancel: paid and not started; stop: stopped while live'),
    daysLeft: z.number().int().min(0).describe('Whole days the run had left'),
    refund: z.number().min(0).describe('What goes back to the card, in the payment’s currency'),
  })
  .meta({ id: 'RunStopTerms' });

export const transactionSchema = z
  .strictObject({
    id: id(),
    clientName: z.string(),
    image: address().optional(),
    date: timestamp(),
    amount: z.number().describe('What the buyer is charged, in `currency`'),
    currency: z.string().describe('ISO 4217 code of the charge'),
    status: z.enum(TRANSACTION_STATUSES).describe('What the Transactions page shows'),
    state: z
      .enum(PAYMENT_STATES)
      .describe("The payment record's state (pending -> completed | failed | canceled; completed -> refunded)"),
    description: z.string().describe('The English text (the web app words `summary` in the reader’s language)'),
    summary: paymentSummarySchema,
    test: z.boolean().describe("A test payment (the provider's sandbox, or the local provider): no real money"),
    purpose: z
      .discriminatedUnion('kind', [
        z.strictObject({ kind: z.literal('ad') }),
        z.strictObject({ kind: z.literal('plan'), plan: planSchema }),
        z.strictObject({ kind: z.literal('renewal'), plan: planSchema }),
      ])
      .optional()
      .describe("What was paid for: an ad, a plan, or a plan's monthly renewal or prorated change"),
    failure: z
      .strictObject({ code: z.string(), message: z.string() })
      .optional()
      .describe("Refused: why (the provider's code, e.g. declined or authentication_failed, and an English message)"),
    refund: z
      .strictObject({
        status: z.enum(['pending_approval', 'approved', 'rejected', 'reversed']),
        reason: z.string().describe("The moderator's reason, shown to the business"),
        amount: z.number(),
        runStop: z
          .enum(['cancel', 'stop'])
          .optional()
          .describe('Asked by the business when it cancelled or stopped its run (the refund rule, not a moderator)'),
      })
      .optional()
      .describe('The latest refund asked for'),
    refundedAmount: z
      .number()
      .optional()
      .describe('What was taken back so far: refunds and chargebacks approved, less those reversed'),
    chargedBack: z
      .number()
      .optional()
      .describe("Of `refundedAmount`, what the buyer's bank took back (chargebacks, less those reversed)"),
    runStop: runStopSchema
      .extend({ at: timestamp() })
      .optional()
      .describe('Its Sponsored run was cancelled or stopped by the business: when, and what the refund rule gave back'),
    receipt: z.boolean().describe("A receipt (the provider's invoice) can be had from GET /payments/{id}/receipt"),
    checkoutUrl: z
      .string()
      .url()
      .optional()
      .describe('Pending or refused: where the buyer pays (the checkout started for it takes another card)'),
  })
  .meta({ id: 'Transaction' });

/** Where to send the buyer to pay: the web app's pay step, which opens the provider's checkout for `transactionId`. */
export const checkoutSchema = z
  .strictObject({
    url: z.string().url().describe('The pay step (with `?_ptxn=<transactionId>`)'),
    transactionId: z.string().describe("The provider's transaction (Paddle.js opens its checkout by it)"),
  })
  .meta({ id: 'Checkout' });

/** GET /payments/{id}/receipt. */
export const receiptSchema = z
  .strictObject({ url: z.string().url().describe("The provider's invoice (a PDF; the link expires within an hour)") })
  .meta({ id: 'Receipt' });

/** The business's rating and badge are there when its record exists. */
/** A run's counts (GET /ad/{id}: per day and in total; the business's own list: in total). */
export const adFiguresSchema = z
  .strictObject({
    impressions: z.number().int().min(0).describe('Page views the run was shown in (each counted once)'),
    clicks: z.number().int().min(0).describe("Clicks through its counted link to the business's profile"),
    profileViews: z
      .number()
      .int()
      .min(0)
      .describe(
        `Days on which someone who clicked viewed the profile, within ${AD_ATTRIBUTION_DAYS} days of the click`,
      ),
    chats: z.number().int().min(0).describe(`Chats started within ${AD_ATTRIBUTION_DAYS} days of a click`),
  })
  .meta({ id: 'AdFigures' });

export const adSchema = z
  .strictObject({
    _id: id(),
    businessId: id(),
    image: address(),
    createdAt: timestamp(),
    businessName: z.string().optional(),
    ratingAverage: ratingShape.ratingAverage.optional(),
    reviewCount: ratingShape.reviewCount.optional(),
    verified: verifiedShape.verified.optional(),
    category: id().optional().describe('The service (category id) the run is shown for'),
    towns: z.array(z.string()).optional().describe('The towns it is shown in; empty: the whole country'),
    // Only to the run's business (and moderators):
    state: z.enum(AD_RUN_STATES).optional().describe('awaiting_payment -> scheduled -> live -> ended'),
    startDate: day().optional().describe('The first day the business chose'),
    startsAt: timestamp().optional(),
    endsAt: timestamp().optional(),
    endedAt: timestamp().optional(),
    endReason: z.enum(AD_RUN_END_REASONS).optional(),
    price: z.number().min(0).optional(),
    currency: z.string().optional(),
    includedMonth: z.string().optional().describe("A plan's included run: the month (YYYY-MM) it used"),
    paymentId: id().optional().describe('Its payment (GET /payments/{id}); none is charged for an included run'),
    stop: runStopSchema
      .extend({ at: timestamp() })
      .optional()
      .describe('Cancelled or stopped by its business (endReason canceled or stopped): when, and what was refunded'),
    figures: adFiguresSchema.optional().describe('Totals so far'),
  })
  .meta({ id: 'Ad' });

/** The refund rule's words and what it did, in the answers of a cancelled or stopped run. */
const stoppedShape = {
  stop: runStopSchema.describe('What the refund rule gave: the days the run had left and the refund'),
  rule: z.string().describe('The refund rule, in the words the app shows before the business confirms'),
};

/** 200 of POST /ad/{id}/stop: the run, ended, and what the refund rule gave back. */
export const stoppedAdSchema = adSchema
  .extend({
    ...stoppedShape,
    message: z.string().describe('What happened, in English (the app words `stop` in the reader’s language)'),
  })
  .meta({ id: 'StoppedAd' });

/** GET /ad/{id}: one run of the caller's with its figures per day (UTC), oldest first. */
export const adRunDetailSchema = adSchema
  .extend({ days: z.array(adFiguresSchema.extend({ day: day() })) })
  .meta({ id: 'AdRunDetail' });

/** 200 of POST /ad/{id}/click: where the business's profile is, and whether this click counted. */
export const adClickSchema = z
  .strictObject({
    businessId: id(),
    counted: z
      .boolean()
      .describe('false: not live any more, the business itself, or this page view clicked it already'),
  })
  .meta({ id: 'AdClick' });

/** A payment as moderators see it (GET /moderation/payments): with the business it is of. */
export const moderationPaymentSchema = transactionSchema
  .extend({
    clientName: z.string().optional().describe('The business that paid; absent when its account was erased'),
    businessId: id().optional().describe('The business that paid; absent when its account was erased'),
    anonymised: z
      .literal(true)
      .optional()
      .describe("The payer's account was erased: the record stays for accounting, without anything that names it"),
    unmatched: z
      .strictObject({
        reason: z.enum(UNMATCHED_REASONS),
        claimedPaymentId: z.string().optional().describe('The payment its custom data named (not to be trusted)'),
      })
      .optional()
      .describe(
        'Paid, not matched: a paid transaction that pays for none of our payments (another record, price, amount or currency than it claims); nothing was delivered, refund it',
      ),
  })
  .meta({ id: 'ModerationPayment' });

/** 200 of POST /payments/webhook. */
export const webhookAnswerSchema = z
  .strictObject({
    received: z.literal(true),
    outcome: z
      .enum(['applied', 'unchanged', 'unknown', 'ignored', 'refused'])
      .describe(
        'applied: a payment or subscription changed; unchanged: a repeated or older event; unknown: no record of ours; ignored: a type we do not act on; refused: a transaction that pays for none of our payments (nothing changed; a paid one is listed for moderators as paid, not matched)',
      ),
  })
  .meta({ id: 'WebhookAnswer' });

/** 201 of POST /ad: the ad (listed once its payment completes), its payment and where to pay. */
export const createdAdSchema = adSchema
  .extend({
    transaction: transactionSchema.optional().describe('None for an included run'),
    checkout: checkoutSchema.optional().describe('Where to pay; none for an included run'),
  })
  .meta({ id: 'CreatedAd' });

/**
 * POST /subscription: 200 with the plan when nothing is to be paid (Basic, or a cancellation scheduled: `effectiveAt`);
 * 202 while a payment is under way (a checkout to go to, or a change the provider is charging).
 */
export const subscriptionAnswerSchema = z
  .strictObject({
    plan: planSchema.describe('The plan the business is on now'),
    message: z.string().optional(),
    transaction: transactionSchema.optional(),
    checkout: checkoutSchema.optional(),
    effectiveAt: timestamp()
      .optional()
      .describe(
        'When the change takes effect: now for an upgrade, the end of the paid period for a downgrade or a cancellation',
      ),
  })
  .meta({ id: 'SubscriptionAnswer' });

const meterSchema = z.strictObject({
  used: z.number().int().min(0),
  limit: z.number().int().nullable().describe('Null: unlimited'),
});

/**
 * GET /subscription: the business's plan, its subscription's state and dates, and its use of the plan's limits
 * (Settings > Plan and billing; the offer form's "7 of 10 offers this month").
 */
export const billingSchema = z
  .strictObject({
    plan: planSchema.describe('The plan the business is on now (its benefits)'),
    price: z.number().describe("The plan's price a month, in `currency`"),
    currency: z.enum(CHARGE_CURRENCIES).describe('The currency the stage charges in'),
    status: z
      .enum(BILLING_STATUSES)
      .describe(
        'free: Basic, no subscription; active: renews on `renewsAt`; ending: cancelled, the plan stays until `endsAt`; pastDue: a renewal failed, the plan stays until `graceEndsAt` while the card is retried',
      ),
    renewsAt: timestamp().optional().describe('active: the next monthly payment'),
    endsAt: timestamp().optional().describe('ending: the plan ends then, Basic after'),
    graceEndsAt: timestamp().optional().describe('pastDue: Basic after this unless the card is updated and paid'),
    scheduledPlan: planSchema.optional().describe('A downgrade chosen: this plan from `scheduledAt`'),
    scheduledAt: timestamp().optional(),
    manageCard: z.boolean().describe('Whether the business has a card on file to change (a paid subscription)'),
    usage: z.strictObject({
      month: z.string().describe('YYYY-MM, the calendar month in Albania'),
      resetsAt: timestamp().describe('When the monthly offers count starts again'),
      offers: meterSchema.describe("Offers made this month, and the plan's limit"),
      portfolioPictures: meterSchema.describe("Pictures in the portfolio, and the plan's limit"),
      includedRuns: meterSchema.describe(
        'Sponsored runs included in the plan: started this month, and how many it includes',
      ),
    }),
  })
  .meta({ id: 'Billing' });

/** POST /subscription/card: where the business gives a new card (the provider's checkout). */
export const cardCheckoutSchema = z
  .strictObject({ url: z.string().url().describe("The provider's checkout of the subscription's card") })
  .meta({ id: 'CardCheckout' });

/** POST /business/{id}/views and /page-views: whether the view counted (not the owner's, a robot's or a repeat). */
export const viewAnswerSchema = z.strictObject({ counted: z.boolean() }).meta({ id: 'ProfileView' });

/** GET /business/statistics: a business's figures month by month (as many months as its plan shows). */
export const statisticsSchema = z
  .strictObject({
    plan: planSchema,
    months: z
      .array(
        z.strictObject({
          month: z.string().describe('YYYY-MM (Albanian time)'),
          views: z.number().int().describe('Views of its profile (app and public page; not its own, not robots)'),
          offers: z.number().int().describe('Offers it made that month'),
          accepted: z.number().int().describe('Of those offers, how many clients accepted'),
          saves: z.number().int().describe('Times clients saved its ideas to a board'),
        }),
      )
      .describe('Oldest first, up to this month'),
    moreMonthsWith: planSchema.optional().describe('A plan that shows more months'),
  })
  .meta({ id: 'Statistics' });

// ---- Chat ----

export const chatRoomSchema = z
  .strictObject({
    _id: id(),
    roomId: id().describe('The same as `_id`'),
    businessId: id(),
    clientId: id(),
    businessCognitoId: id(),
    clientCognitoId: id(),
    lastMessage: z.string().optional(),
    lastMessageTime: timestamp().optional(),
    lastMessageHidden: z
      .literal(true)
      .optional()
      .describe("Moderation hid the room's latest message: `lastMessage` is left out"),
    unread: z.number().int().min(0).optional().describe('Messages from the other member the viewer has not seen yet'),
    blockedByMe: z.boolean().optional(),
    blockedMe: z.boolean().optional(),
    user: z.strictObject({
      username: z.string(),
      profilePicture: address().optional(),
      former: z.literal(true).optional().describe('The client deleted their account (a former user)'),
    }),
    business: z.strictObject({
      businessName: z.string(),
      profilePicture: address().optional(),
      location: z.string().optional(),
      former: z.literal(true).optional().describe('The business deleted its account (a former user)'),
    }),
    createdAt: timestamp(),
  })
  .meta({ id: 'ChatRoom' });

/** A message as stored in the Realtime Database; every field is set by the API. */
export const chatMessageSchema = z
  .strictObject({
    id: id().describe("The message's key in the database (ordered by time)"),
    text: z.string(),
    senderId: id().describe('Cognito sub of the author'),
    sender: z.string().describe('Display name of the author when sent'),
    timestamp: z.number().int().describe('Server time, ms since the epoch'),
    hidden: hiddenMarkSchema.optional(),
  })
  .meta({ id: 'ChatMessage' });

export const chatTokenSchema = z
  .strictObject({ token: z.string().describe('A Firebase custom token'), uid: id() })
  .meta({ id: 'ChatToken' });

export const chatUnreadSchema = z.strictObject({ total: z.number().int().min(0) }).meta({ id: 'ChatUnread' });

export const chatReadSchema = z.strictObject({ roomId: id(), unread: z.literal(0) }).meta({ id: 'ChatRoomRead' });

export const chatMessageReportSchema = z
  .strictObject({ _id: id(), roomId: id(), messageId: id(), createdAt: timestamp() })
  .meta({ id: 'ChatMessageReport' });

// ---- Moderation ----

export const createdReportSchema = z
  .strictObject({ _id: id(), kind: z.enum(REPORT_KINDS), targetId: id(), createdAt: timestamp() })
  .meta({ id: 'CreatedReport' });

/** One queue entry per reported item (every report of the item counts in it). */
export const reportedItemSchema = z
  .strictObject({
    _id: id().describe('Path-safe id of the entry'),
    kind: z.enum(REPORT_KINDS),
    targetId: id(),
    status: z.enum(REPORT_STATUSES),
    excerpt: z.string().describe('What the item says, copied at the first report'),
    ownerSub: id().describe("The account that wrote / owns it (the one a 'suspend' disables)"),
    ownerName: z.string().optional(),
    link: z.string().optional().describe('The web path that shows the item'),
    reportCount: z.number().int().min(1),
    reasons: z.partialRecord(z.enum(REPORT_REASONS), z.number().int()),
    notes: z.array(z.string()).describe("The latest few reporters' notes"),
    firstReportedAt: timestamp(),
    lastReportedAt: timestamp(),
    decidedAt: timestamp().optional(),
    decisionReason: z.string().optional(),
  })
  .meta({ id: 'ReportedItem' });

export const weekCountsSchema = z
  .strictObject({
    weekStart: z.iso.date().describe('Monday, YYYY-MM-DD, UTC'),
    requests: z.number().int(),
    offers: z.number().int(),
    accepted: z.number().int(),
    finished: z.number().int(),
    reports: z.number().int(),
  })
  .meta({ id: 'WeekCounts' });
export const moderationStatsSchema = z
  .strictObject({ weeks: z.array(weekCountsSchema).describe('Newest first') })
  .meta({ id: 'ModerationStats' });

// ---- Price guide ----

export const priceFigureSchema = z
  .strictObject({
    scope: z.enum(['town', 'country']).describe('The service in the town asked for, or across Albania'),
    count: z.number().int().describe('Accepted offers it rests on'),
    median: z.number(),
    p25: z.number().describe('25th percentile: with p75, the middle half'),
    p75: z.number(),
    min: z.number(),
    max: z.number(),
    updatedMonth: z.string().describe('YYYY-MM (UTC) its figures last changed'),
  })
  .meta({ id: 'PriceFigure' });
export const priceGuideAnswerSchema = z
  .strictObject({
    service: z.string(),
    town: z.string().optional(),
    figure: priceFigureSchema.nullable().describe('Null: not enough accepted offers (5 from 3 businesses) yet'),
  })
  .meta({ id: 'PriceGuide' });

// ---- Verified businesses ----

export const verificationSchema = z
  .strictObject({
    status: z.enum(VERIFICATION_STATUSES),
    nipt: z.string().optional(),
    requestedAt: timestamp().optional(),
    decidedAt: timestamp().optional(),
    reason: z.string().optional().describe('Why a moderator refused (status `refused`)'),
    documentUrl: address().optional().describe("The document's address: only to the business itself and to moderators"),
  })
  .meta({ id: 'Verification' });

export const pendingVerificationSchema = z
  .strictObject({
    businessId: id(),
    businessName: z.string(),
    location: z.string(),
    nipt: z.string(),
    documentUrl: address(),
    requestedAt: timestamp(),
  })
  .meta({ id: 'PendingVerification' });

// ---- Notifications ----

export const notificationDataSchema = z
  .strictObject({
    postId: z.string().optional(),
    postTitle: z.string().optional(),
    businessId: z.string().optional(),
    businessName: z.string().optional(),
    price: z.number().optional(),
    rating: z.number().optional(),
    amount: z.number().optional(),
    currency: z.string().optional().describe('payment kinds: the ISO 4217 code of `amount`'),
    failureCode: z
      .string()
      .optional()
      .describe("paymentFailed: the provider's code (declined, authentication_failed...)"),
    paidFor: z
      .enum(['ad', ...planIds])
      .optional()
      .describe('payment kinds: what the payment was for (an ad, or a plan)'),
    description: z.string().optional(),
    town: z.string().optional().describe('newLead: the town of the request'),
    posts: z
      .array(z.strictObject({ postId: z.string(), title: z.string(), town: z.string() }))
      .optional()
      .describe("leadDigest: the day's matching requests"),
    day: z.string().optional().describe('leadDigest: the day (YYYY-MM-DD, UTC) the requests were posted'),
    closedReason: z.enum(POST_CLOSED_REASONS).optional(),
    roomId: z.string().optional(),
    senderName: z.string().optional(),
    approved: z.boolean().optional(),
    reason: z.string().optional(),
    runStop: z
      .enum(['cancel', 'stop'])
      .optional()
      .describe('paymentRefunded: the business cancelled (cancel) or stopped (stop) its run itself; no reason'),
    answer: z
      .enum([...COUNTER_ANSWERS, 'revise'])
      .optional()
      .describe("negotiationAnswer: the business accepted or declined the client's counter-offer, or revised"),
    startDate: z.string().optional().describe('counterOffer: the start date the client proposed'),
    adId: z.string().optional().describe('adRunEnded: the run'),
    figures: adFiguresSchema.optional().describe('adRunEnded: what the run counted'),
    plan: planSchema
      .optional()
      .describe('plan kinds: the plan now (planCancelled, planPaymentFailed: the plan concerned)'),
    fromPlan: planSchema.optional().describe('planStarted, planDowngraded: the plan before'),
    effectiveAt: timestamp().optional().describe('planCancelled: when the plan ends'),
    graceEndsAt: timestamp().optional().describe('planPaymentFailed: Basic after this unless the card is updated'),
    endReason: z
      .enum(PLAN_END_REASONS)
      .optional()
      .describe('planDowngraded: the subscription ended because it was cancelled, or its renewal stayed unpaid'),
    month: z.string().optional().describe('monthlyReport: the month reported (YYYY-MM)'),
    views: z.number().int().optional().describe('monthlyReport: profile views'),
    offers: z.number().int().optional().describe('monthlyReport: offers made'),
    accepted: z.number().int().optional().describe('monthlyReport: offers accepted'),
    ideaId: z.string().optional().describe('ideaRequest: the idea the client asks for offers like'),
  })
  .meta({ id: 'NotificationData' });

export const appNotificationSchema = z
  .strictObject({
    _id: id(),
    kind: z.enum(NOTIFICATION_KINDS),
    createdAt: timestamp(),
    read: z.boolean(),
    link: z.string().describe("The web app's page it is about (a path)"),
    data: notificationDataSchema,
  })
  .meta({ id: 'Notification' });

export const notificationPreferencesSchema = z
  .strictObject({
    emails: z
      .strictObject(
        Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
          NotificationKind,
          z.ZodBoolean
        >,
      )
      .describe('Email on (true) or off (false) per kind'),
    push: z
      .strictObject(
        Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, z.boolean()])) as Record<
          NotificationKind,
          z.ZodBoolean
        >,
      )
      .describe('Push to the devices that turned push on (true) or not (false), per kind'),
    leadAlerts: z.enum(LEAD_ALERT_MODES),
  })
  .meta({ id: 'NotificationPreferences' });

/** GET /notifications/push/key: the stage's VAPID public key (the browser's applicationServerKey), null when push is not set up. */
export const pushKeySchema = z.strictObject({ publicKey: z.string().min(1).nullable() }).meta({ id: 'PushKey' });

/** A device's push subscription as stored (POST /notifications/push); only its id and when, never the keys. */
export const pushDeviceSchema = z.strictObject({ _id: id(), createdAt: timestamp() }).meta({ id: 'PushDevice' });

export const countSchema = z.strictObject({ count: z.number().int().min(0) }).meta({ id: 'Count' });

// ---- Support, uploads, deletions ----

export const contactAnswerSchema = z
  .strictObject({ _id: id(), message: z.string(), createdAt: timestamp() })
  .meta({ id: 'ContactAnswer' });

export const uploadUrlSchema = z
  .strictObject({
    url: z.string().describe('Send the file here with a PUT and exactly `headers`'),
    key: z.string().describe('The key to name in the record that uses the picture'),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()),
  })
  .meta({ id: 'UploadUrl' });

/** GET /upload/state: the image processor's verdict on an upload, or `processing` while it has given none. */
export const uploadStateSchema = z
  .discriminatedUnion('state', [
    z.strictObject({
      state: z.literal('ready'),
      width: z.number().int().positive(),
      height: z.number().int().positive(),
    }),
    z.strictObject({ state: z.literal('failed'), message: z.string().describe('Why, for the uploader') }),
    z.strictObject({ state: z.literal('processing') }),
  ])
  .meta({ id: 'UploadState' });

export const deletedSchema = z.strictObject({ message: z.string(), _id: id() }).meta({ id: 'Deleted' });

/** 200 of DELETE /ad/{id}: deleted; a run that was paid and not over was cancelled or stopped first (its refund). */
export const deletedAdSchema = z
  .strictObject({ message: z.string(), _id: id(), stop: stoppedShape.stop.optional(), rule: z.string().optional() })
  .meta({ id: 'DeletedAd' });
