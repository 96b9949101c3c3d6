/**
 * The negotiation's writes (lambdas/domain/negotiation.ts): each step is one conditional write of the offer item
 * (a TransactWriteItems with the post when the post must still be open, or is accepted in the same step). The
 * offer's condition re-checks its status, the `version` the caller acted on and, per step, whether a counter-offer
 * is open; the step is appended to `history` and the version moves by one, so of two steps acting on the same
 * version exactly one is stored (docs/access-patterns.md, "Negotiation").
 */
import { table } from './client';
import { keys } from '../model/keys';
import { getRecord } from './query';
import { openIndexDeletes, SUMMARY_VERSION_BUMP, SUMMARY_VERSION_VALUES } from './openPosts';
import { type StoredPost } from '../model/posts';
import { transactWrite, type GuardedItem, type Refusal } from './transact';
import { todayDate } from '../../common/constants';
import { HttpError, conflict } from '../lib/errors';
import { NEGOTIATION_REFUSALS, offerExpired } from '../domain/negotiation';
import { step, type CounterProposal, type NegotiationStep, type StoredTerms, StoredOffer } from '../model/offers';

/** An offer is acted on only while its validity lasts. */
const STILL_VALID = 'validUntil >= :today';

/** The post is open and not past its expiry. */
const postStillOpen = (postId: string, now: string): GuardedItem => ({
  ConditionCheck: {
    TableName: table(),
    Key: keys.post(postId),
    ConditionExpression: '#s = :open AND expiresAt > :now',
    ExpressionAttributeNames: { '#s': 'status' },
    ExpressionAttributeValues: { ':open': 'open', ':now': now },
  },
  onConditionFailed: { message: 'This request is no longer open for offers', code: 'POST_NOT_OPEN' },
});

export interface StepWrite {
  /** The step appended to the history. */
  step: NegotiationStep;
  /** Attributes set (undefined values are removed instead). */
  set?: Record<string, unknown>;
  /** Attributes removed. */
  remove?: string[];
  /** More of the offer's condition (ANDed), with its values. */
  condition?: string;
  values?: Record<string, unknown>;
  /** The status the offer must have (default pending) and the one it gets. */
  from?: string;
  to?: string;
  onConditionFailed?: Refusal;
}

/**
 * The Update of the offer item for one negotiation step: on condition that it still has status `from`, the version
 * the caller acted on and belongs to its post; appends the step and moves the version.
 */
export function offerStep(offer: StoredOffer, w: StepWrite, now: string): GuardedItem {
  const names: Record<string, string> = { '#s': 'status', '#ver': 'version', '#h': 'history' };
  const values: Record<string, unknown> = {
    ':from': w.from ?? 'pending',
    ':postId': offer.postId,
    ':v': offer.version,
    ':next': offer.version + 1,
    ':step': [w.step],
    ':now': now,
    ...w.values,
  };
  const sets = ['#ver = :next', '#h = list_append(#h, :step)', 'updatedAt = :now'];
  const removes = (w.remove ?? []).map((attr, i) => {
    names[`#r${i}`] = attr;
    return `#r${i}`;
  });
  if (w.to) {
    sets.push('#s = :to');
    values[':to'] = w.to;
  }
  Object.entries(w.set ?? {}).forEach(([attr, value], i) => {
    if (value === undefined) removes.push(`#a${i}`);
    else {
      sets.push(`#a${i} = :a${i}`);
      values[`:a${i}`] = value;
    }
    names[`#a${i}`] = attr;
  });
  return {
    Update: {
      TableName: table(),
      Key: keys.offer(offer._id),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: [`#s = :from`, 'postId = :postId', '#ver = :v', w.condition].filter(Boolean).join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
    onConditionFailed: w.onConditionFailed ?? NEGOTIATION_REFUSALS.changed,
  };
}

/** The client counters: the proposal opens (none may be open), the offer still valid, its request open. */
export async function counterOffer(offer: StoredOffer, proposal: CounterProposal): Promise<StoredOffer> {
  const now = proposal.at;
  const s = step('client', 'counter', now, proposal);
  await transactWrite([
    offerStep(
      offer,
      {
        step: s,
        set: { proposal },
        condition: `attribute_not_exists(proposal) AND ${STILL_VALID}`,
        values: { ':today': todayDate(new Date(now)) },
      },
      now,
    ),
    postStillOpen(offer.postId, now),
  ]);
  return { ...offer, proposal, history: [...offer.history, s], version: offer.version + 1, updatedAt: now };
}

/** The business declines the open counter-offer: its own terms stand, the client must answer them. */
export async function declineCounter(offer: StoredOffer, now: string): Promise<StoredOffer> {
  const s = step('business', 'declineCounter', now);
  await transactWrite([
    offerStep(offer, { step: s, remove: ['proposal'], condition: 'attribute_exists(proposal)' }, now),
    postStillOpen(offer.postId, now),
  ]);
  const { proposal: _p, ...rest } = offer;
  return { ...rest, history: [...offer.history, s], version: offer.version + 1, updatedAt: now };
}

/**
 * The business accepts the client's counter-offer: the offer takes the proposed price (and start date) and is
 * accepted in the same step, since the client proposed exactly those terms; the post is accepted and leaves the
 * open lists. The line items no longer add up to the new price, so the accepted offer is a one-line offer.
 */
export async function acceptCounter(offer: StoredOffer, post: StoredPost, now: string): Promise<StoredOffer> {
  const proposal = offer.proposal!;
  const s = step('business', 'acceptCounter', now, { price: proposal.price, startDate: proposal.startDate });
  await transactWrite([
    offerStep(
      offer,
      {
        step: s,
        to: 'accepted',
        set: { price: proposal.price, ...(proposal.startDate ? { startDate: proposal.startDate } : {}) },
        remove: ['proposal', 'items'],
        condition: 'attribute_exists(proposal)',
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
    history: [...offer.history, s],
    version: offer.version + 1,
    updatedAt: now,
  };
}

/** The post open -> accepted with this offer; it leaves the open-post lists (as data/offers.ts acceptOffer). */
export function postAccepted(post: StoredPost, offerId: string, now: string): GuardedItem[] {
  return [
    {
      Update: {
        TableName: table(),
        Key: keys.post(post._id),
        UpdateExpression: `SET #s = :accepted, acceptedOfferId = :offerId, ${SUMMARY_VERSION_BUMP} REMOVE gsi2pk, gsi2sk`,
        ConditionExpression: '#s = :open AND expiresAt > :now',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':accepted': 'accepted',
          ':open': 'open',
          ':offerId': offerId,
          ':now': now,
          ...SUMMARY_VERSION_VALUES,
        },
      },
      onConditionFailed: {
        message: 'Another offer of this post has already been accepted, or the request closed',
        code: 'OFFER_ALREADY_ACCEPTED',
      },
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
  const s = step('business', 'revision', now, { price: terms.price, startDate: terms.startDate, note });
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
  await transactWrite([
    offerStep(offer, { step: s, set, remove: ['proposal'], onConditionFailed: NEGOTIATION_REFUSALS.changed }, now),
    postStillOpen(offer.postId, now),
  ]);
  const { proposal: _p, items: _i, startDate: _s, durationDays: _d, included: _in, includedNote: _n, ...rest } = offer;
  return {
    ...rest,
    ...terms,
    revisedAt: now,
    history: [...offer.history, s],
    version: offer.version + 1,
    updatedAt: now,
  };
}

/**
 * The client's accept / decline of a pending offer and cancel of an acceptance, as negotiation steps: the offer's
 * Update of data/offers.ts with the version the client acted on, the step, the open proposal closed and (accepting)
 * the validity re-checked.
 */
export function clientDecision(
  offer: StoredOffer,
  action: 'accept' | 'decline' | 'cancel',
  now: string,
  onConditionFailed: Refusal = NEGOTIATION_REFUSALS.changed,
): GuardedItem {
  const [from, to] =
    action === 'accept'
      ? ['pending', 'accepted']
      : action === 'decline'
        ? ['pending', 'declined']
        : ['accepted', 'pending'];
  return offerStep(
    offer,
    {
      step: step('client', action, now, action === 'accept' ? { price: offer.price } : {}),
      from,
      to,
      remove: action === 'cancel' ? [] : ['proposal'],
      ...(action === 'accept' ? { condition: STILL_VALID, values: { ':today': todayDate(new Date(now)) } } : {}),
      onConditionFailed,
    },
    now,
  );
}

/**
 * Runs a negotiation write; when it lost to another request (409 CONCURRENT_CHANGE from the offer's condition),
 * reads the offer again and answers the precise reason: no longer pending, a counter-offer open, expired, or
 * changed. So the loser of two people acting at once is told why.
 */
export async function explainingConflicts<T>(
  offer: StoredOffer,
  write: () => Promise<T>,
  opts: { whenProposalOpen?: Refusal } = {},
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!(err instanceof HttpError) || err.status !== 409 || err.code !== 'CONCURRENT_CHANGE') throw err;
    const now = await getRecord<StoredOffer>(keys.offer(offer._id));
    if (!now) throw err;
    if (now.status !== offer.status)
      throw conflict(`This offer is ${now.status} now: it changed meanwhile`, 'OFFER_STATUS_CONFLICT');
    if (offerExpired(now)) throw conflict(NEGOTIATION_REFUSALS.expired.message, 'OFFER_EXPIRED');
    if (now.proposal && opts.whenProposalOpen)
      throw conflict(opts.whenProposalOpen.message, opts.whenProposalOpen.code);
    throw err;
  }
}
