/**
 * The operator's figures kept from the table's stream (docs/operator-figures.md), like the price guide and the weekly
 * moderation counts: a stream record says what happened (`happeningsOf`, no reads), and each happening becomes the
 * tallies it adds (`talliesOf`, reading the request or business it belongs to), each counted once by its guard
 * (lambdas/data/operatorFigures.ts). The backfill (scripts/operator-backfill.ts) hands the same happenings, read from
 * the records, to the same functions, so the two count alike and never twice.
 *
 * | record | happening |
 * |---|---|
 * | post inserted | a request (its week, town and services); its client active |
 * | offer inserted | an offer on its request; the request's first offer when none came earlier; its business active |
 * | offer becomes accepted or finished | the request accepted (once per request) |
 * | offer's history grows | whoever took the new steps (client or business) active |
 * | offer accepted, declined or its acceptance cancelled, without a history step | the request's client active |
 * | finished job inserted | a finished job and its stars; its client active |
 * | finished job's reply written | its business active |
 * | client or business profile inserted | a sign-up of that role; the new account active |
 * | chat room inserted | a chat room opened |
 * | chat room's last message changes | its sender active |
 * | ad inserted | its business active |
 * | payment record's state becomes completed (or a renewal's record inserted completed) | a Sponsored run or a plan payment sold |
 * | payment record's adjustments move (by id: refunds, chargebacks, their reversals) | refunds or chargebacks, counted or uncounted |
 * | plan event inserted: started, upgraded, downgraded, ended, renewalFailed | a subscription started, moved, ended; a renewal failed |
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Role } from '../../common/constants';
import {
  OPERATOR_ANSWER_WITHIN_HOURS,
  PLAN_COUNTERS,
  cents,
  firstOfferBucket,
  isCountedPlan,
  type OperatorCounter,
} from '../../common/operatorFigures';
import { planPrice } from '../../common/payments';
import type { PlanEventKind } from '../../common/plans';
import { weekStartOf } from '../../common/moderation';
import type { StoredPost } from '../model/posts';
import type { StoredOffer, NegotiationStep } from '../model/offers';
import type { StoredFinishedJob } from '../model/reviews';
import type { StoredRoom } from '../model/rooms';
import { keys } from '../model/keys';
import { getRecord } from '../data/query';
import type { StoredBusiness } from '../model/users';
import type { StoredAdjustment, StoredTransaction } from '../model/payments';
import { adjustmentMoves, type AdjustmentMove } from '../domain/adjustments';
import type { StoredPlanEvent } from '../model/plans';
import {
  activeGuard,
  applyTally,
  factGuard,
  getFirstOffer,
  hasMarker,
  type Area,
  type Tally,
} from '../data/operatorFigures';
import { image } from './events';

type Item = Record<string, unknown>;

/** A profile as the figures need it. */
export interface SignedUp {
  _id: string;
  createdAt: string;
  location?: string;
  categories?: string[];
}

/** Something that moves the figures. */
export type Happening =
  | { kind: 'request'; post: StoredPost }
  | { kind: 'offer'; offer: StoredOffer }
  | { kind: 'accepted'; postId: string }
  | { kind: 'finished'; job: StoredFinishedJob }
  | { kind: 'signup'; role: Role; profile: SignedUp }
  | { kind: 'room'; room: Pick<StoredRoom, '_id' | 'createdAt'> }
  /** A client (by its user id, or the client of a request) or a business did something at `at`. */
  | { kind: 'active'; role: Role; at: string; id?: string; postId?: string }
  /** A payment completed: a Sponsored run, or a plan's (a first month, a renewal, an upgrade's prorated charge). */
  | { kind: 'paid'; payment: PaidPayment }
  /** One adjustment of a payment moved what is taken back by `delta` (negative: reversed), at `at`. */
  | { kind: 'adjustment'; id: string; action: StoredAdjustment['action']; status: string; delta: number; at: string }
  /** A change of a subscription (a plan event; `key` is its item's sort key). */
  | { kind: 'plan'; event: StoredPlanEvent; key: string };

/** A completed payment as the figures need it. */
export type PaidPayment = Pick<StoredTransaction, 'id' | 'amount' | 'purpose' | 'date' | 'completedAt'>;

/** The plan events that move the subscription figures. */
export const COUNTED_PLAN_EVENTS: readonly PlanEventKind[] = [
  'started',
  'upgraded',
  'downgraded',
  'ended',
  'renewalFailed',
];

const wasPaid = (t: StoredTransaction) => ['completed', 'refunded'].includes(t.state);

const adjustmentHappening = (m: AdjustmentMove): Happening => ({
  kind: 'adjustment',
  id: m.id,
  action: m.adjustment.action,
  status: m.adjustment.status,
  delta: m.delta,
  at: m.adjustment.at,
});

/**
 * What a change of a payment record says happened: paid when its state becomes completed (`before` absent: a
 * renewal's record inserted completed), and each adjustment that moved what is taken back (a refund or chargeback
 * approved, or reversed). A payment bound to none of our records ("paid, not matched") is no sale: not counted.
 */
export function paymentChangeHappenings(after: StoredTransaction, before: StoredTransaction | undefined) {
  const out: Happening[] = [];
  if (after.purpose?.kind === 'unmatched') return out;
  if (after.state === 'completed' && !(before && wasPaid(before))) out.push({ kind: 'paid', payment: after });
  out.push(...adjustmentMoves(before, after).map(adjustmentHappening));
  return out;
}

/**
 * What a payment record as it is now says happened (the backfill): paid when it is completed or refunded since, and
 * each of its adjustments that takes something back (or gave it back), at the adjustment's own time.
 */
export function paymentRecordHappenings(t: StoredTransaction): Happening[] {
  if (t.purpose?.kind === 'unmatched') return [];
  const out: Happening[] = wasPaid(t) ? [{ kind: 'paid', payment: t }] : [];
  return [...out, ...adjustmentMoves(undefined, t).map(adjustmentHappening)];
}

export const isPlanEventItem = (i: Item | undefined) =>
  typeof i?.pk === 'string' &&
  i.pk.startsWith('BUSINESS#') &&
  typeof i.sk === 'string' &&
  i.sk.startsWith('PLANEVENT#');

/** A plan event item as a happening, when it moves the subscription figures. */
export const planHappening = (item: Item): Happening | undefined =>
  COUNTED_PLAN_EVENTS.includes(item.kind as PlanEventKind)
    ? { kind: 'plan', event: item as unknown as StoredPlanEvent, key: String(item.sk) }
    : undefined;

const is = (i: Item | undefined, pk: string, sk: string) =>
  typeof i?.pk === 'string' && i.pk.startsWith(pk) && i.sk === sk;
const isOffer = (i: Item | undefined) => is(i, 'OFFER#', 'OFFER');
const accepts = (status: unknown) => status === 'accepted' || status === 'finished';

/** What one stream record says happened (nothing for most records); no reads, the same answer every time. */
export function happeningsOf(record: DynamoDBRecord): Happening[] {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  const changedAt = new Date((record.dynamodb?.ApproximateCreationDateTime ?? Date.now() / 1000) * 1000).toISOString();
  const out: Happening[] = [];
  if (record.eventName === 'INSERT' && next) {
    const createdAt = typeof next.createdAt === 'string' ? next.createdAt : changedAt;
    if (is(next, 'POST#', 'POST')) {
      const post = next as unknown as StoredPost;
      out.push({ kind: 'request', post }, { kind: 'active', role: 'client', id: post.userId, at: createdAt });
    } else if (isOffer(next)) {
      const offer = next as unknown as StoredOffer;
      out.push({ kind: 'offer', offer }, { kind: 'active', role: 'business', id: offer.businessId, at: createdAt });
      if (accepts(offer.status)) out.push({ kind: 'accepted', postId: offer.postId });
    } else if (is(next, 'POST#', 'FINISHEDJOB')) {
      const job = next as unknown as StoredFinishedJob;
      out.push({ kind: 'finished', job }, { kind: 'active', role: 'client', id: job.userId, at: createdAt });
    } else if (is(next, 'USER#', 'PROFILE') || is(next, 'BUSINESS#', 'PROFILE')) {
      const role: Role = String(next.pk).startsWith('USER#') ? 'client' : 'business';
      const profile = next as unknown as SignedUp;
      out.push({ kind: 'signup', role, profile }, { kind: 'active', role, id: profile._id, at: createdAt });
    } else if (is(next, 'ROOM#', 'ROOM')) {
      out.push({ kind: 'room', room: { _id: String(next._id), createdAt } });
    } else if (is(next, 'AD#', 'AD')) {
      out.push({ kind: 'active', role: 'business', id: String(next.businessId), at: createdAt });
    } else if (is(next, 'TXN#', 'TXN')) {
      // A renewal's record is inserted as it arrives from the provider: completed (or failed) already.
      out.push(...paymentChangeHappenings(next as unknown as StoredTransaction, undefined));
    } else if (isPlanEventItem(next)) {
      const plan = planHappening(next);
      if (plan) out.push(plan);
    }
    return out;
  }
  if (record.eventName !== 'MODIFY' || !next || !old) return out;
  if (is(next, 'TXN#', 'TXN')) {
    return paymentChangeHappenings(next as unknown as StoredTransaction, old as unknown as StoredTransaction);
  }
  if (isOffer(next)) {
    const before = old as unknown as StoredOffer;
    const after = next as unknown as StoredOffer;
    if (accepts(after.status) && !accepts(before.status)) out.push({ kind: 'accepted', postId: after.postId });
    const steps = (after.history ?? []).slice((before.history ?? []).length) as NegotiationStep[];
    for (const step of steps) out.push(actorOf(after, step.by, step.at));
  } else if (is(next, 'POST#', 'FINISHEDJOB')) {
    type Reply = { createdAt?: string; editedAt?: string } | undefined;
    const [a, b] = [old.reply as Reply, next.reply as Reply];
    const at = b?.editedAt ?? b?.createdAt;
    if (at && at !== (a?.editedAt ?? a?.createdAt))
      out.push({ kind: 'active', role: 'business', id: String(next.businessId), at });
  } else if (is(next, 'ROOM#', 'ROOM')) {
    const room = next as unknown as StoredRoom;
    if (room.lastMessageTime && room.lastMessageTime !== old.lastMessageTime && room.lastSenderId) {
      if (room.lastSenderId === room.clientCognitoId)
        out.push({ kind: 'active', role: 'client', id: room.clientId, at: room.lastMessageTime });
      else if (room.lastSenderId === room.businessCognitoId)
        out.push({ kind: 'active', role: 'business', id: room.businessId, at: room.lastMessageTime });
    }
  }
  return out;
}

/** A step on an offer by its client (found through the offer's copy of its request, or the request) or business. */
const actorOf = (offer: StoredOffer, by: 'client' | 'business', at: string): Happening =>
  by === 'business'
    ? { kind: 'active', role: 'business', id: offer.businessId, at }
    : {
        kind: 'active',
        role: 'client',
        at,
        ...(offer.post && 'userId' in offer.post && offer.post.userId
          ? { id: offer.post.userId }
          : { postId: offer.postId }),
      };

const requestArea = (post: StoredPost): Area => ({ town: post.location, services: post.category ?? [] });
const requestWeek = (post: StoredPost) => weekStartOf(post.createdAt);
const getPost = (postId: string) => getRecord<StoredPost>(keys.post(postId));
const seconds = (from: string, to: string) => Math.max(0, (Date.parse(to) - Date.parse(from)) / 1000);
const within24h = (post: StoredPost, at: string) => seconds(post.createdAt, at) <= OPERATOR_ANSWER_WITHIN_HOURS * 3600;

/** The request's first offer: counted when it has none yet, moved when this one came earlier than the one counted. */
async function firstOfferTally(post: StoredPost, offer: StoredOffer): Promise<Tally | undefined> {
  const previous = await getFirstOffer(post._id);
  if (previous && previous.at <= offer.createdAt) return undefined;
  const bucket = firstOfferBucket(seconds(post.createdAt, offer.createdAt));
  const fast = within24h(post, offer.createdAt) ? 1 : 0;
  const buckets = new Map<number, number>([[bucket, 1]]);
  if (previous) buckets.set(previous.bucket, (buckets.get(previous.bucket) ?? 0) - 1);
  return {
    guard: { kind: 'firstOffer', postId: post._id, at: offer.createdAt, bucket, previous },
    weekStart: requestWeek(post),
    area: requestArea(post),
    add: previous
      ? { answeredWithin24h: fast - (within24h(post, previous.at) ? 1 : 0) }
      : { answered: 1, answeredWithin24h: fast },
    firstOffer: buckets,
  };
}

/** The tallies of one happening (reading the request, or the business, it belongs to). */
export async function talliesOf(h: Happening): Promise<Tally[]> {
  switch (h.kind) {
    case 'request':
      return [
        {
          guard: factGuard('request', h.post._id),
          weekStart: requestWeek(h.post),
          area: requestArea(h.post),
          add: { requests: 1 },
        },
      ];
    case 'offer': {
      const post = await getPost(h.offer.postId);
      if (!post) return [];
      const offer: Tally = {
        guard: factGuard('offer', h.offer._id),
        weekStart: requestWeek(post),
        area: requestArea(post),
        add: { offers: 1 },
      };
      const first = await firstOfferTally(post, h.offer);
      return first ? [offer, first] : [offer];
    }
    case 'accepted': {
      const post = await getPost(h.postId);
      if (!post) return [];
      return [
        {
          guard: factGuard('accepted', post._id),
          weekStart: requestWeek(post),
          area: requestArea(post),
          add: { accepted: 1 },
        },
      ];
    }
    case 'finished': {
      const post = await getPost(h.job.postId);
      return [
        {
          guard: factGuard('finished', h.job.postId),
          weekStart: weekStartOf(h.job.createdAt),
          area: post ? requestArea(post) : { town: h.job.post?.location },
          add: { finished: 1, ratingSum: Number(h.job.rating) || 0 },
        },
      ];
    }
    case 'signup':
      return [
        {
          guard: factGuard('signup', `${h.role}#${h.profile._id}`),
          weekStart: weekStartOf(h.profile.createdAt),
          ...(h.role === 'business'
            ? {
                area: { town: h.profile.location, services: h.profile.categories ?? [] },
                add: { signupsBusinesses: 1 },
              }
            : { add: { signupsClients: 1 } }),
        },
      ];
    case 'room':
      return [
        { guard: factGuard('room', h.room._id), weekStart: weekStartOf(h.room.createdAt), add: { chatRooms: 1 } },
      ];
    case 'active':
      return activeTallies(h);
    case 'paid':
      return [paidTally(h.payment)];
    case 'adjustment': {
      const refund = h.action === 'refund';
      return [
        {
          guard: factGuard('adjustment', `${h.id}#${h.status}`),
          weekStart: weekStartOf(h.at),
          add: refund
            ? { refunds: Math.sign(h.delta), refundedAmount: cents(h.delta) }
            : { chargebacks: Math.sign(h.delta), chargebackAmount: cents(h.delta) },
        },
      ];
    }
    case 'plan':
      return planTallies(h.event, h.key);
  }
}

/** A payment completed, in the week it completed: a Sponsored run sold, or a plan payment. */
function paidTally(payment: PaidPayment): Tally {
  const amount = cents(Number(payment.amount) || 0);
  return {
    guard: factGuard('paid', payment.id),
    weekStart: weekStartOf(payment.completedAt ?? payment.date),
    add:
      payment.purpose?.kind === 'ad'
        ? { adRuns: 1, adRevenue: amount }
        : { subscriptionPayments: 1, subscriptionRevenue: amount },
  };
}

/**
 * A subscription's change: started (new, one more active, its price on the monthly revenue), moved to another plan
 * (one active less on the old plan, one more on the new, the difference of their prices), ended (one active less),
 * its renewal failed. Each guarded by what it is of (the subscription, or the change), whichever record said it.
 */
function planTallies(e: StoredPlanEvent, key: string): Tally[] {
  const subscription = e.subscriptionId ?? `${e.businessId}#${key}`;
  const weekStart = weekStartOf(e.at);
  const add: Partial<Record<OperatorCounter, number>> = {};
  const move = (counter: OperatorCounter, n: number) => (add[counter] = (add[counter] ?? 0) + n);
  const active = (plan: unknown, n: 1 | -1) => {
    if (!isCountedPlan(plan)) return;
    move(PLAN_COUNTERS[plan].active, n);
    move('mrr', n * planPrice(plan));
  };
  switch (e.kind) {
    case 'started':
      if (!isCountedPlan(e.plan)) return [];
      move(PLAN_COUNTERS[e.plan].started, 1);
      active(e.plan, 1);
      return [{ guard: factGuard('subscribed', subscription), weekStart, add }];
    case 'upgraded':
    case 'downgraded':
      if (e.fromPlan === e.plan) return [];
      active(e.fromPlan, -1);
      active(e.plan, 1);
      return [{ guard: factGuard('planChange', `${subscription}#${e.at}#${e.fromPlan}>${e.plan}`), weekStart, add }];
    case 'ended':
      if (!isCountedPlan(e.fromPlan)) return [];
      move(PLAN_COUNTERS[e.fromPlan].ended, 1);
      active(e.fromPlan, -1);
      return [{ guard: factGuard('subscriptionEnded', subscription), weekStart, add }];
    case 'renewalFailed':
      if (!isCountedPlan(e.plan)) return [];
      move(PLAN_COUNTERS[e.plan].renewalFailed, 1);
      return [{ guard: factGuard('renewalFailed', `${subscription}#${e.graceEndsAt ?? e.at}`), weekStart, add }];
    default:
      return [];
  }
}

async function activeTallies(h: Extract<Happening, { kind: 'active' }>): Promise<Tally[]> {
  const id = h.id ?? (h.postId ? (await getPost(h.postId))?.userId : undefined);
  if (!id) return [];
  const weekStart = weekStartOf(h.at);
  const guard = activeGuard(weekStart, h.role, id);
  // Most actions are of someone active this week already: one small read, and nothing more.
  if (await hasMarker(guard)) return [];
  if (h.role === 'client') return [{ guard, weekStart, add: { activeClients: 1 } }];
  const business = await getRecord<StoredBusiness>(keys.business(id));
  if (!business) return [];
  return [
    {
      guard,
      weekStart,
      area: { town: business.location, services: business.categories ?? [] },
      add: { activeBusinesses: 1 },
    },
  ];
}

/**
 * Count one happening: each of its tallies once. A first offer whose guard met another change (a concurrent earlier
 * offer) is worked out again from what is stored then. Answers how many tallies were counted now.
 */
export async function countHappening(h: Happening, now = new Date()): Promise<number> {
  let counted = 0;
  for (const tally of await talliesOf(h)) {
    if (await applyTally(tally, now)) counted++;
    else if (tally.guard.kind === 'firstOffer' && h.kind === 'offer') {
      // Another offer of the request was counted meanwhile: worked out again from what is stored now.
      for (let attempt = 1; ; attempt++) {
        const post = await getPost(h.offer.postId);
        const again = post && (await firstOfferTally(post, h.offer));
        if (!again) break;
        if (await applyTally(again, now)) {
          counted++;
          break;
        }
        if (attempt >= 3)
          throw new Error(`The first offer of request ${h.offer.postId} kept changing: retry the record`);
      }
    }
  }
  return counted;
}

/** Move the operator's figures for one stream record; answers how many tallies it counted (0 for most records). */
export async function countOperatorFigures(record: DynamoDBRecord, now = new Date()): Promise<number> {
  let counted = 0;
  for (const h of happeningsOf(record)) counted += await countHappening(h, now);
  return counted;
}
