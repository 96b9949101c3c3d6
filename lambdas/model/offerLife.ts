/**
 * An offer's life, as one table (OFFER_LIFE): each transition names the status it leaves from, the one it reaches,
 * who takes it, its guards (an open counter-offer or none, the offer still valid, the state its request must be
 * in) and who is told. The rules (lambdas/domain/offers.ts, negotiation.ts) check an offer read against it, the
 * conditional writes (lambdas/data/negotiation.ts, offers.ts, postLife.ts, finishedJobs.ts) put the same status and
 * guards in their conditions, and the notifier (lambdas/notify/events.ts) tells whom its `tells` names.
 *
 *   (new) -> pending                      the business offers
 *   pending -> pending                    the client counters; the business revises or declines the counter-offer
 *   pending -> accepted                   the client accepts, or the business accepts the client's counter-offer
 *   pending -> declined                   the client declines, or its request closes or expires
 *   accepted -> pending                   the client cancels the acceptance (the request reopens)
 *   accepted -> finished                  the client reviews the job (POST /finishedJobs)
 *   pending | accepted | declined -> gone  the business withdraws it, or the client deletes the request
 *
 * A transition with a history step is named by the step's action (common/constants.ts NEGOTIATION_ACTIONS): the
 * offer's `history` says which was taken, so the notifier reads the last step to find it.
 */
import type { NegotiationAction, NotificationKind, OfferStatus } from '../../common/constants';
import type { Refusal } from '../lib/errors';
import type { PostTransitionName } from './postLife';

/** The 409s of offers: a message for people and a stable code (common/errors.ts). */
export const REFUSALS = {
  postNotOpen: { message: 'This post is no longer open for offers', code: 'POST_NOT_OPEN' },
  alreadyOffered: {
    message: 'You have already made an offer on this post. Delete it to make a new one.',
    code: 'ALREADY_OFFERED',
  },
  otherOfferAccepted: {
    message: 'Another offer of this post has already been accepted',
    code: 'OFFER_ALREADY_ACCEPTED',
  },
  offerChanged: {
    message: 'This offer was changed by another request. Reload and try again.',
    code: 'CONCURRENT_CHANGE',
  },
  finishedCannotBeDeleted: { message: 'A finished offer cannot be deleted', code: 'OFFER_FINISHED' },
  onlyPendingRevised: { message: 'Only a pending offer can be revised', code: 'OFFER_STATUS_CONFLICT' },
  finishThroughReview: {
    message: 'An offer is finished by submitting a review of the job (POST /finishedJobs)',
    code: 'OFFER_STATUS_CONFLICT',
  },
  notReviewable: { message: 'The accepted offer of this post is no longer accepted', code: 'NOT_REVIEWABLE' },
  // The negotiation's.
  expired: {
    message: 'This offer is no longer valid. The business can revise it with a new validity.',
    code: 'OFFER_EXPIRED',
  },
  proposalOpen: {
    message: 'A counter-offer already waits for the business to answer',
    code: 'PROPOSAL_OPEN',
  },
  noProposal: { message: 'There is no counter-offer to answer on this offer', code: 'NO_OPEN_PROPOSAL' },
  notPending: { message: 'Only a pending offer can be negotiated', code: 'OFFER_STATUS_CONFLICT' },
  changed: {
    message: 'This offer was changed meanwhile (a counter-offer, a revision or an answer). Reload and try again.',
    code: 'CONCURRENT_CHANGE',
  },
  tooLong: {
    message: 'This offer has been negotiated too many times: accept it, decline it or talk in the chat',
    code: 'NEGOTIATION_TOO_LONG',
  },
} as const satisfies Record<string, Refusal>;

/** A client's answer to an offer that is not in the status it leaves from: "This offer is declined; only ...". */
const statusRefusal = (only: string) => (status: OfferStatus) => ({
  message: `This offer is ${status}; only ${only}`,
  code: 'OFFER_STATUS_CONFLICT' as const,
});

/** Who takes a transition: the request's client, the offer's business, or the marketplace (a request closing). */
export type OfferActor = 'client' | 'business' | 'marketplace';

export interface OfferTransition {
  /** The statuses it leaves from (empty: the offer is made). */
  from: readonly OfferStatus[];
  /** The status it reaches; null: the offer is removed. */
  to: OfferStatus | null;
  by: OfferActor;
  /** Whether it appends a step to the offer's history (named by the transition). */
  step: boolean;
  /** The client's counter-offer: it must be open, must not be, or either (absent). */
  proposal?: 'open' | 'none';
  /** The open counter-offer (if any) is closed by it. */
  closesProposal?: boolean;
  /** The offer must still be valid (its last day not passed). */
  whileValid?: boolean;
  /** What its request does with it (a transition of lambdas/model/postLife.ts), or must be: open and not expired. */
  request?: PostTransitionName | 'open';
  /** Who is told, with which notification (and, for a negotiation answer, which answer). */
  tells?: { to: 'client' | 'business'; kind: NotificationKind; answer?: 'accept' | 'decline' | 'revise' };
  /** The 409 when the offer is in none of the `from` statuses. */
  refusal: (status: OfferStatus) => Refusal;
}

export const OFFER_LIFE = /* @__PURE__ */ (() =>
  ({
    offer: {
      from: [],
      to: 'pending',
      by: 'business',
      step: true,
      request: 'open',
      tells: { to: 'client', kind: 'newOffer' },
      refusal: () => REFUSALS.alreadyOffered,
    },
    counter: {
      from: ['pending'],
      to: 'pending',
      by: 'client',
      step: true,
      proposal: 'none',
      whileValid: true,
      request: 'open',
      tells: { to: 'business', kind: 'counterOffer' },
      refusal: () => REFUSALS.notPending,
    },
    revision: {
      from: ['pending'],
      to: 'pending',
      by: 'business',
      step: true,
      closesProposal: true,
      request: 'open',
      tells: { to: 'client', kind: 'negotiationAnswer', answer: 'revise' },
      refusal: () => REFUSALS.onlyPendingRevised,
    },
    acceptCounter: {
      from: ['pending'],
      to: 'accepted',
      by: 'business',
      step: true,
      proposal: 'open',
      closesProposal: true,
      request: 'accept',
      tells: { to: 'client', kind: 'negotiationAnswer', answer: 'accept' },
      refusal: () => REFUSALS.notPending,
    },
    declineCounter: {
      from: ['pending'],
      to: 'pending',
      by: 'business',
      step: true,
      proposal: 'open',
      closesProposal: true,
      request: 'open',
      tells: { to: 'client', kind: 'negotiationAnswer', answer: 'decline' },
      refusal: () => REFUSALS.notPending,
    },
    accept: {
      from: ['pending'],
      to: 'accepted',
      by: 'client',
      step: true,
      closesProposal: true,
      whileValid: true,
      request: 'accept',
      tells: { to: 'business', kind: 'offerAccepted' },
      refusal: statusRefusal('a pending offer can be accepted'),
    },
    decline: {
      from: ['pending'],
      to: 'declined',
      by: 'client',
      step: true,
      closesProposal: true,
      tells: { to: 'business', kind: 'offerDeclined' },
      refusal: statusRefusal('a pending offer can be declined'),
    },
    cancel: {
      from: ['accepted'],
      to: 'pending',
      by: 'client',
      step: true,
      request: 'reopenOnCancel',
      tells: { to: 'business', kind: 'acceptanceCancelled' },
      refusal: statusRefusal('an accepted offer can be set back to pending'),
    },
    /** Its request was closed by its client or expired (`requestClosedReason` says which). */
    requestClosed: {
      from: ['pending'],
      to: 'declined',
      by: 'marketplace',
      step: false,
      tells: { to: 'business', kind: 'requestClosed' },
      refusal: () => REFUSALS.offerChanged,
    },
    /** The review of the job (its business is told by the finished job: reviewReceived). */
    finish: {
      from: ['accepted'],
      to: 'finished',
      by: 'client',
      step: false,
      request: 'finish',
      refusal: () => REFUSALS.finishThroughReview,
    },
    /** The business deletes its offer (an accepted one's request reopens). */
    withdraw: {
      from: ['pending', 'accepted', 'declined'],
      to: null,
      by: 'business',
      step: false,
      refusal: () => REFUSALS.finishedCannotBeDeleted,
    },
    /** Its request was deleted by its client. */
    requestDeleted: {
      from: ['pending', 'accepted', 'declined'],
      to: null,
      by: 'marketplace',
      step: false,
      tells: { to: 'business', kind: 'requestDeleted' },
      refusal: () => REFUSALS.offerChanged,
    },
  }) as const satisfies Record<string, OfferTransition> & Record<NegotiationAction, OfferTransition>)();

export type OfferTransitionName = keyof typeof OFFER_LIFE;

/** The transition a client's `PUT /offer/status` asks for, by the status it names. */
export const STATUS_REQUESTS = {
  accepted: 'accept',
  declined: 'decline',
  pending: 'cancel',
  finished: 'finish',
} as const satisfies Record<OfferStatus, OfferTransitionName>;

/** The transition a change of an offer's record took: its last new history step's, else its status change's. */
export function offerTransitionOf(
  before: { status: OfferStatus; history?: { action: NegotiationAction }[] } | undefined,
  after: { status: OfferStatus; history?: { action: NegotiationAction }[]; requestClosedReason?: unknown } | undefined,
): OfferTransitionName | undefined {
  if (!after) return undefined;
  if (!before) return 'offer';
  const steps = after.history ?? [];
  if (steps.length > (before.history?.length ?? 0)) return steps[steps.length - 1].action;
  if (before.status === after.status) return undefined;
  return (Object.keys(OFFER_LIFE) as OfferTransitionName[]).find((name) => {
    const t: OfferTransition = OFFER_LIFE[name];
    return (
      !t.step &&
      t.to === after.status &&
      t.from.includes(before.status) &&
      (name !== 'requestClosed' || after.requestClosedReason !== undefined)
    );
  });
}
