/**
 * The negotiation's writes: each step of lambdas/model/offerLife.ts OFFER_LIFE is one conditional write of the
 * offer item (a TransactWriteItems with the post when the post must still be open, or is accepted or reopened in the
 * same step). The offer's condition is the transition's: the status it leaves from, the `version` the caller acted
 * on, the counter-offer open or not, the validity; the step is appended to `history` and the version moves by one,
 * so of two steps acting on the same version exactly one is stored (docs/access-patterns.md, "Negotiation").
 */
import { table } from './client';
import { keys } from '../model/keys';
import { openIndexDeletes, SUMMARY_VERSION_BUMP, SUMMARY_VERSION_VALUES } from './openPosts';
import type { StoredPost } from '../model/posts';
import { transactWrite, type GuardedItem } from './transact';
import type { Refusal } from '../lib/errors';
import { todayDate } from '../../common/constants';
import { OFFER_LIFE, REFUSALS, type OfferTransition } from '../model/offerLife';
import { openForOffersCondition, postCondition, postRaceRefusal } from '../model/postLife';
import { step, type CounterProposal, type StoredOffer, type StoredTerms } from '../model/offers';

/** The transitions that append a step of the offer's history. */
type StepName = 'counter' | 'revision' | 'acceptCounter' | 'declineCounter' | 'accept' | 'decline' | 'cancel';

/** The post is open and not past its expiry (a step that needs its request open). */
const postStillOpen = (postId: string, now: string): GuardedItem => {
  const open = openForOffersCondition(now);
  return {
    ConditionCheck: {
      TableName: table(),
      Key: keys.post(postId),
      ConditionExpression: open.expression,
      ExpressionAttributeNames: open.names,
      ExpressionAttributeValues: open.values,
    },
    onConditionFailed: { message: 'This request is no longer open for offers', code: 'POST_NOT_OPEN' },
  };
};

export interface StepWrite {
  /** Step details (a price, a start date, a note). */
  details?: { price?: number; startDate?: string; note?: string };
  /** Attributes set (undefined values are removed instead). */
  set?: Record<string, unknown>;
  /** Attributes removed besides the counter-offer the transition closes. */
  remove?: string[];
  onConditionFailed?: Refusal;
}

/**
 * The Update of the offer item for one step of OFFER_LIFE: on condition that it still has the status the
 * transition leaves from, the version the caller acted on, belongs to its post, holds a counter-offer when the
 * transition answers one (or none when it opens one) and is still valid when the transition needs it; appends the
 * step and moves the version.
 */
export function offerStep(offer: StoredOffer, name: StepName, w: StepWrite, now: string): GuardedItem {
  const t: OfferTransition = OFFER_LIFE[name];
  const by = t.by === 'business' ? 'business' : 'client';
  const names: Record<string, string> = { '#s': 'status', '#ver': 'version', '#h': 'history' };
  const values: Record<string, unknown> = {
    ':from': t.from[0],
    ':postId': offer.postId,
    ':v': offer.version,
    ':next': offer.version + 1,
    ':step': [step(by, name, now, w.details)],
    ':now': now,
  };
  const sets = ['#ver = :next', '#h = list_append(#h, :step)', 'updatedAt = :now'];
  const removeAttrs = [...(t.closesProposal ? ['proposal'] : []), ...(w.remove ?? [])];
  const removes = removeAttrs.map((attr, i) => {
    names[`#r${i}`] = attr;
    return `#r${i}`;
  });
  if (t.to !== t.from[0]) {
    sets.push('#s = :to');
    values[':to'] = t.to;
  }
  Object.entries(w.set ?? {}).forEach(([attr, value], i) => {
    if (value === undefined) removes.push(`#a${i}`);
    else {
      sets.push(`#a${i} = :a${i}`);
      values[`:a${i}`] = value;
    }
    names[`#a${i}`] = attr;
  });
  const conditions = ['#s = :from', 'postId = :postId', '#ver = :v'];
  if (t.proposal === 'open') conditions.push('attribute_exists(proposal)');
  if (t.proposal === 'none') conditions.push('attribute_not_exists(proposal)');
  if (t.whileValid) {
    // An offer is acted on only while its validity lasts.
    conditions.push('validUntil >= :today');
    values[':today'] = todayDate(new Date(now));
  }
  return {
    Update: {
      TableName: table(),
      Key: keys.offer(offer._id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    onConditionFailed: w.onConditionFailed ?? REFUSALS.changed,
  };
}

/** The offer as stored after a step: its history, version and time moved. */
const afterStep = (offer: StoredOffer, name: StepName, at: string, details?: StepWrite['details']) => ({
  history: [...offer.history, step(OFFER_LIFE[name].by === 'business' ? 'business' : 'client', name, at, details)],
  version: offer.version + 1,
  updatedAt: at,
});

/** The client counters: the proposal opens (none may be open), the offer still valid, its request open. */
export async function counterOffer(offer: StoredOffer, proposal: CounterProposal): Promise<StoredOffer> {
  const now = proposal.at;
  await transactWrite([
    offerStep(offer, 'counter', { details: proposal, set: { proposal } }, now),
    postStillOpen(offer.postId, now),
  ]);
  return { ...offer, proposal, ...afterStep(offer, 'counter', now, proposal) };
}

/** The business declines the open counter-offer: its own terms stand, the client must answer them. */
export async function declineCounter(offer: StoredOffer, now: string): Promise<StoredOffer> {
  await transactWrite([offerStep(offer, 'declineCounter', {}, now), postStillOpen(offer.postId, now)]);
  const { proposal: _p, ...rest } = offer;
  return { ...rest, ...afterStep(offer, 'declineCounter', now) };
}

/**
 * The business accepts the client's counter-offer: the offer takes the proposed price (and start date) and is
 * accepted in the same step, since the client proposed exactly those terms; the post is accepted and leaves the
 * open lists. The line items no longer add up to the new price, so the accepted offer is a one-line offer.
 */
export async function acceptCounter(offer: StoredOffer, post: StoredPost, now: string): Promise<StoredOffer> {
  const proposal = offer.proposal!;
  const details = { price: proposal.price, startDate: proposal.startDate };
  await transactWrite([
    offerStep(
      offer,
      'acceptCounter',
      {
        details,
        set: { price: proposal.price, ...(proposal.startDate ? { startDate: proposal.startDate } : {}) },
        remove: ['items'],
      },
      now,
    ),
    ...postAccepted(post, offer._id, now),
  ]);
  const { proposal: _p, items: _i, ...rest } = offer;
  return {
    ...rest,
    status: 'accepted',
    price: proposal.price,
    ...(proposal.startDate ? { startDate: proposal.startDate } : {}),
    ...afterStep(offer, 'acceptCounter', now, details),
  };
}

/** The post's `accept` transition with this offer: open -> accepted, out of the open-post lists. */
export function postAccepted(post: StoredPost, offerId: string, now: string): GuardedItem[] {
  const life = postCondition('accept', now);
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: `SET ${life.set}, acceptedOfferId = :offerId, ${SUMMARY_VERSION_BUMP} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: life.expression,
        ExpressionAttributeNames: life.names,
        ExpressionAttributeValues: {
          ...life.values,
          ':offerId': offerId,
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: postRaceRefusal('accept'),
    },
    ...openIndexDeletes(post),
  ];
}

/**
 * The business revises its pending offer (all its terms): while a counter-offer is open, this is its answer to
 * it (the proposal closes). The client must answer the new terms.
 */
export async function reviseTerms(
  offer: StoredOffer,
  terms: StoredTerms,
  note: string | undefined,
  now: string,
): Promise<StoredOffer> {
  const details = { price: terms.price, startDate: terms.startDate, note };
  const set = {
    price: terms.price,
    message: terms.message,
    items: terms.items,
    startDate: terms.startDate,
    durationDays: terms.durationDays,
    included: terms.included,
    includedNote: terms.includedNote,
    validUntil: terms.validUntil,
    revisedAt: now,
  };
  await transactWrite([offerStep(offer, 'revision', { details, set }, now), postStillOpen(offer.postId, now)]);
  const { proposal: _p, items: _i, startDate: _s, durationDays: _d, included: _in, includedNote: _n, ...rest } = offer;
  return { ...rest, ...terms, revisedAt: now, ...afterStep(offer, 'revision', now, details) };
}

/**
 * The client's accept / decline of a pending offer and cancel of an acceptance, as steps of the offer's history:
 * the Update of its transition, on the version the client acted on (accepting re-checks the validity too).
 */
export function clientDecision(
  offer: StoredOffer,
  action: 'accept' | 'decline' | 'cancel',
  now: string,
  onConditionFailed: Refusal = REFUSALS.changed,
): GuardedItem {
  return offerStep(
    offer,
    action,
    { details: action === 'accept' ? { price: offer.price } : {}, onConditionFailed },
    now,
  );
}
