/**
 * What a change of the table means for whom: a DynamoDB Stream record (NEW_AND_OLD_IMAGES) in, the
 * notifications it gives out. Only reads (GetItem) to name the recipient and what it is about.
 *
 * | change | kind | to |
 * |---|---|---|
 * | an offer's transition (made, accepted, declined, cancelled, countered, answered, revised, its request closed or deleted) | what its `tells` names in lambdas/model/offerLife.ts OFFER_LIFE | the client or the business it names |
 * | finished job inserted | reviewReceived | the business |
 * | payment record pending -> completed, or inserted completed (a renewal) | paymentReceipt | the paying business |
 * | payment record pending -> failed (a declined renewal: told by its plan event instead) | paymentFailed | the paying business |
 * | payment record's adjustments: a refund approved / a chargeback / a refund or chargeback reversed | paymentRefunded / paymentChargedBack / paymentRestored | the paying business |
 * | post inserted | newLead | matching businesses (lambdas/notify/leads.ts) |
 * | verification request pending -> verified / refused | verificationDecided | the business |
 * | Sponsored run live -> ended because its days are over | adRunEnded | the run's business |
 * | plan event inserted: started or upgraded / renewalFailed / cancelScheduled / downgraded or ended / report | planStarted / planPaymentFailed / planCancelled / planDowngraded / monthlyReport | the business |
 */
import { createHash } from 'node:crypto';
import { SUBSCRIPTION_PLANS, type NotificationKind, type PlanId } from '../../common/constants';
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import {
  DEFAULT_EMAIL_LANGUAGE,
  notificationLink,
  type EmailLanguage,
  type NotificationData,
} from '../../common/notifications';
import { getPostById } from '../data/posts';
import { getBusinessById, getUserById } from '../data/users';
import type { StoredOffer } from '../model/offers';
import { OFFER_LIFE, offerTransitionOf, type OfferTransition } from '../model/offerLife';
import type { StoredFinishedJob } from '../model/reviews';
import type { StoredTransaction } from '../model/payments';
import { adjustmentMoves } from '../domain/adjustments';
import type { StoredVerification } from '../model/verifications';
import { expiresAt } from '../data/notifications';
import type { StoredNotification } from '../model/notifications';
import type { StoredPlanEvent } from '../model/plans';
import type { PlanEventKind } from '../../common/plans';
import { getAdFigures, totalsOf } from '../data/adFigures';
import type { StoredAd } from '../model/ads';

/** Who gets a notification; `profileId` is their client or business record id (the settings pages' path). */
export interface Recipient {
  sub: string;
  email?: string;
  language: EmailLanguage;
  profileId: string;
}

export interface Draft {
  recipient: Recipient;
  notification: StoredNotification;
}

type Item = Record<string, unknown>;

export const image = (img: Record<string, AttributeValue> | undefined): Item | undefined =>
  img ? (unmarshall(img as Record<string, AttributeValue>) as Item) : undefined;

const languageOf = (record: { language?: unknown } | undefined): EmailLanguage =>
  record?.language === 'en' ? 'en' : DEFAULT_EMAIL_LANGUAGE;

/**
 * The business to tell, when there is one to tell: nobody is told (in the app, by email or push) about anything once
 * they deleted their account (its record is `closed` until it is erased, then gone).
 */
export async function businessRecipient(businessId: string): Promise<Recipient | undefined> {
  const b = await getBusinessById(businessId);
  return b && !b.closed
    ? { sub: b.cognitoId, email: b.email, language: languageOf(b as { language?: unknown }), profileId: b._id }
    : undefined;
}

/** The client to tell, when there is one to tell (as businessRecipient). */
export async function clientRecipient(userId: string): Promise<Recipient | undefined> {
  const u = await getUserById(userId);
  return u && !u.closed
    ? { sub: u.cognitoId, email: u.email, language: languageOf(u as { language?: unknown }), profileId: u._id }
    : undefined;
}

/**
 * The notification's id: its time, then a hash of the stream event, the kind and the recipient, so the
 * same record processed again gives the same id (stored once, emailed once).
 */
export const notificationId = (createdAt: string, eventKey: string) =>
  `${createdAt}_${createHash('sha256').update(eventKey).digest('base64url').slice(0, 22)}`;

export function draft(
  record: DynamoDBRecord,
  recipient: Recipient,
  kind: NotificationKind,
  data: NotificationData,
  at?: string,
): Draft {
  const createdAt =
    at ?? new Date((record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000).toISOString();
  const _id = notificationId(createdAt, `${record.eventID}|${kind}|${recipient.sub}`);
  return {
    recipient,
    notification: {
      _id,
      recipientSub: recipient.sub,
      kind,
      createdAt,
      data,
      link: notificationLink(kind, data),
      expiresAt: expiresAt(createdAt),
    },
  };
}

/** A business's name for a notification: none once its owner deleted the account (it is erased soon). */
const nameOf = (business: { businessName: string; closed?: unknown } | undefined) =>
  business && !business.closed ? business.businessName : undefined;

const isOffer = (i: Item | undefined) => typeof i?.pk === 'string' && i.pk.startsWith('OFFER#') && i.sk === 'OFFER';
const isFinishedJob = (i: Item | undefined) =>
  typeof i?.pk === 'string' && i.pk.startsWith('POST#') && i.sk === 'FINISHEDJOB';
const isAdRun = (i: Item | undefined) => typeof i?.pk === 'string' && i.pk.startsWith('AD#') && i.sk === 'AD';
const isTransaction = (i: Item | undefined) => typeof i?.pk === 'string' && i.pk.startsWith('TXN#') && i.sk === 'TXN';
const isVerification = (i: Item | undefined) =>
  typeof i?.pk === 'string' && i.pk.startsWith('BUSINESS#') && i.sk === 'VERIFICATION';
const isPlanEvent = (i: Item | undefined) =>
  typeof i?.pk === 'string' &&
  i.pk.startsWith('BUSINESS#') &&
  typeof i.sk === 'string' &&
  i.sk.startsWith('PLANEVENT#');
export const isPost = (i: Item | undefined) => typeof i?.pk === 'string' && i.pk.startsWith('POST#') && i.sk === 'POST';

/**
 * What a change of an offer tells, and whom: the transition it took (lambdas/model/offerLife.ts: the last new step of
 * its history, else its status change) names who is told and with which notification. Nothing for a transition
 * that tells nobody, nor when the one to tell deleted their account.
 */
async function offerNotification(
  record: DynamoDBRecord,
  before: StoredOffer | undefined,
  after: StoredOffer | undefined,
): Promise<Draft[]> {
  const offer = (after ?? before)!;
  const name = after
    ? offerTransitionOf(before, after)
    : offer.status !== 'finished' && !(await getPostById(offer.postId))
      ? 'requestDeleted' // an offer removed with its post (a business withdrawing its own leaves the post)
      : undefined;
  const tells = name ? (OFFER_LIFE[name] as OfferTransition).tells : undefined;
  if (!name || !tells) return [];
  const post = await getPostById(offer.postId);
  const postTitle = post?.title ?? offer.postTitle;
  const last = offer.history?.[offer.history.length - 1];
  if (tells.to === 'client') {
    if (!post) return [];
    const [to, business] = await Promise.all([clientRecipient(post.userId), getBusinessById(offer.businessId)]);
    if (!to) return [];
    const about = { postId: post._id, postTitle, businessId: offer.businessId, businessName: nameOf(business) };
    return [
      tells.kind === 'newOffer'
        ? draft(record, to, 'newOffer', { ...about, price: offer.price }, offer.createdAt)
        : draft(record, to, tells.kind, { ...about, price: offer.price, answer: tells.answer }, last?.at),
    ];
  }
  const to = await businessRecipient(offer.businessId);
  if (!to) return [];
  if (tells.kind === 'requestDeleted')
    return [draft(record, to, 'requestDeleted', { postId: offer.postId, postTitle: offer.postTitle })];
  if (tells.kind === 'counterOffer')
    return [
      draft(
        record,
        to,
        'counterOffer',
        {
          postId: offer.postId,
          postTitle,
          price: last?.price,
          ...(last?.startDate ? { startDate: last.startDate } : {}),
        },
        last?.at,
      ),
    ];
  const closedReason = tells.kind === 'requestClosed' ? offer.requestClosedReason : undefined;
  return [
    draft(
      record,
      to,
      tells.kind,
      { postId: offer.postId, postTitle, price: offer.price, ...(closedReason ? { closedReason } : {}) },
      offer.updatedAt,
    ),
  ];
}

const isPlan = (plan: string | undefined): plan is PlanId => SUBSCRIPTION_PLANS.some((p) => p.id === plan);

/**
 * What a payment record's change tells its business: paid, refused, refunded, charged back, or a refund or chargeback
 * reversed (one adjustment moves per change: lambdas/domain/adjustments.ts). Nothing for other changes, nor for a
 * payment bound to no business ("paid, not matched").
 */
async function paymentNotification(
  record: DynamoDBRecord,
  before: StoredTransaction | undefined,
  after: StoredTransaction,
): Promise<Draft | undefined> {
  if (after.purpose?.kind === 'unmatched') return undefined;
  const from = before?.state;
  const to = after.state;
  const [moved] = adjustmentMoves(before, after);
  let kind: NotificationKind | undefined;
  let amount = after.amount;
  if (moved) {
    amount = Math.abs(moved.delta);
    kind =
      moved.delta < 0
        ? 'paymentRestored'
        : moved.adjustment.action === 'chargeback'
          ? 'paymentChargedBack'
          : 'paymentRefunded';
  } else if (from !== to && to === 'completed' && from !== 'refunded') kind = 'paymentReceipt';
  // A second decline of the same checkout is not told again; a declined renewal is told by its plan's event
  // (planPaymentFailed, with the grace period and the card to update).
  else if (from !== to && to === 'failed' && from !== 'failed' && after.purpose?.kind !== 'renewal')
    kind = 'paymentFailed';
  if (!kind) return undefined;
  const to_ = await businessRecipient(after.businessId);
  if (!to_) return undefined;
  const plan = after.purpose && 'plan' in after.purpose ? after.purpose.plan : undefined;
  const ofRequest = moved && after.refund?.adjustmentId === moved.id;
  return draft(
    record,
    to_,
    kind,
    {
      businessId: after.businessId,
      amount,
      ...(after.currency ? { currency: after.currency } : {}),
      description: after.description,
      ...(after.purpose?.kind === 'ad' ? { paidFor: 'ad' as const } : isPlan(plan) ? { paidFor: plan } : {}),
      ...(kind === 'paymentFailed' && after.failureCode ? { failureCode: after.failureCode } : {}),
      ...(kind === 'paymentRefunded' && ofRequest && after.refund?.runStop
        ? { runStop: after.refund.runStop }
        : kind === 'paymentRefunded' && ofRequest && after.refund?.reason
          ? { reason: after.refund.reason }
          : {}),
    },
    moved?.adjustment.at ?? after.lastEventAt ?? after.completedAt ?? after.date,
  );
}

/** The notification each plan event gives (common/plans.ts PLAN_EVENT_KINDS); none for the others. */
const PLAN_NOTIFICATIONS: Partial<Record<PlanEventKind, NotificationKind>> = {
  started: 'planStarted',
  upgraded: 'planStarted',
  renewalFailed: 'planPaymentFailed',
  cancelScheduled: 'planCancelled',
  downgraded: 'planDowngraded',
  ended: 'planDowngraded',
  report: 'monthlyReport',
};

/** What a plan event tells its business (INSERT only: a repeated delivery writes the same item again, a MODIFY). */
async function planNotification(record: DynamoDBRecord, e: StoredPlanEvent): Promise<Draft | undefined> {
  const kind = PLAN_NOTIFICATIONS[e.kind];
  if (!kind) return undefined;
  const to = await businessRecipient(e.businessId);
  if (!to) return undefined;
  const data: NotificationData = {
    businessId: e.businessId,
    plan: e.plan,
    ...(e.fromPlan ? { fromPlan: e.fromPlan } : {}),
    ...(e.effectiveAt ? { effectiveAt: e.effectiveAt } : {}),
    ...(e.graceEndsAt ? { graceEndsAt: e.graceEndsAt } : {}),
    ...(e.reason ? { endReason: e.reason } : {}),
    ...(e.month ? { month: e.month, views: e.views ?? 0, offers: e.offers ?? 0, accepted: e.accepted ?? 0 } : {}),
  };
  const drafted = draft(record, to, kind, data, e.at);
  // A month's report is one notification whatever writes its item (its id from the month and the business).
  if (kind === 'monthlyReport') drafted.notification._id = notificationId(e.at, `monthlyReport|${e.month}|${to.sub}`);
  return drafted;
}

/** The notifications of one stream record (none for most changes). */
export async function notificationsOf(record: DynamoDBRecord): Promise<Draft[]> {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);

  if (isOffer(next) || isOffer(old)) {
    if (record.eventName === 'MODIFY' && !(isOffer(next) && isOffer(old))) return [];
    return offerNotification(
      record,
      record.eventName === 'INSERT' ? undefined : (old as unknown as StoredOffer),
      record.eventName === 'REMOVE' ? undefined : (next as unknown as StoredOffer),
    );
  }

  if (record.eventName === 'INSERT' && isFinishedJob(next)) {
    const job = next as unknown as StoredFinishedJob;
    const to = await businessRecipient(job.businessId);
    if (!to) return [];
    return [
      draft(
        record,
        to,
        'reviewReceived',
        {
          postId: job.postId,
          postTitle: job.post?.title,
          businessId: job.businessId,
          rating: job.rating,
        },
        job.createdAt,
      ),
    ];
  }

  if (isTransaction(next) && (record.eventName === 'INSERT' || (record.eventName === 'MODIFY' && isTransaction(old)))) {
    const drafted = await paymentNotification(
      record,
      old as unknown as StoredTransaction | undefined,
      next as unknown as StoredTransaction,
    );
    if (drafted) return [drafted];
  }

  if (record.eventName === 'INSERT' && isPlanEvent(next)) {
    const drafted = await planNotification(record, next as unknown as StoredPlanEvent);
    return drafted ? [drafted] : [];
  }

  if (record.eventName === 'MODIFY' && isAdRun(next) && isAdRun(old)) {
    const [before, after] = [old as unknown as StoredAd, next as unknown as StoredAd];
    if (before.state !== 'live' || after.state !== 'ended' || after.endReason !== 'finished') return [];
    const to = await businessRecipient(after.businessId);
    if (!to) return [];
    const figures = totalsOf(await getAdFigures(after._id));
    return [
      draft(
        record,
        to,
        'adRunEnded',
        {
          adId: after._id,
          businessId: after.businessId,
          figures,
          ...(after.towns?.length ? { town: after.towns.join(', ') } : {}),
        },
        after.endedAt,
      ),
    ];
  }

  if (record.eventName === 'MODIFY' && isVerification(next) && isVerification(old)) {
    const [before, after] = [old as unknown as StoredVerification, next as unknown as StoredVerification];
    if (before.status !== 'pending' || (after.status !== 'verified' && after.status !== 'refused')) return [];
    const to = await businessRecipient(after.businessId);
    if (!to) return [];
    return [
      draft(
        record,
        to,
        'verificationDecided',
        {
          businessId: after.businessId,
          approved: after.status === 'verified',
          ...(after.status === 'refused' && after.reason ? { reason: after.reason } : {}),
        },
        after.decidedAt,
      ),
    ];
  }

  return [];
}
