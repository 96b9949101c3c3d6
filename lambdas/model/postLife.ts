/**
 * A request's life after posting, as one table (POST_LIFE): each transition names the states it leaves from, the
 * state it reaches, who takes it, its guards and who is told. The rules (`assertMayPost`, lambdas/domain) check a
 * request read against it, the conditional writes (lambdas/data/postLife.ts, posts.ts, offers.ts) put the same
 * states and guards in their conditions (`postCondition`), and the notifier tells whom it names.
 *
 *   open -> accepted -> finished          (an offer is accepted, then reviewed)
 *   accepted -> open                      (the acceptance is cancelled, or the accepted offer withdrawn)
 *   open -> closed (client | expired)     (closed without hiring, or POST_OPEN_DAYS passed with no acceptance)
 *   closed -> open                        (the client reopens it, once, for another POST_OPEN_DAYS)
 *   open | closed | finished -> deleted   (the client deletes it; never while an offer is accepted)
 *
 * An open post whose `expiresAt` has passed is closed for everyone at once (lists filter it out, its answer says
 * closed/expired) before the scheduled job writes `closed`: the rules read its effective state.
 */
import {
  POST_OPEN_DAYS,
  POST_STATUSES,
  type NotificationKind,
  type PostClosedReason,
  type PostStatus,
} from '../../common/constants';
import type { StoredPost } from './posts';
import type { Refusal } from '../lib/errors';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a post opened at `from` closes by itself. */
export const expiryFrom = (from: string) => new Date(Date.parse(from) + POST_OPEN_DAYS * DAY_MS).toISOString();

/** Whether an open post has passed its expiry. */
export const isExpired = (post: Pick<StoredPost, 'status' | 'expiresAt'>, now: string) =>
  post.status === 'open' && post.expiresAt <= now;

/** The status everyone sees: an open post past its expiry is closed (expired) already. */
export function effectiveStatus(
  post: Pick<StoredPost, 'status' | 'expiresAt' | 'closedReason'>,
  now: string,
): { status: PostStatus; closedReason?: PostClosedReason } {
  if (isExpired(post, now)) return { status: 'closed', closedReason: 'expired' };
  return {
    status: post.status,
    ...(post.status === 'closed' && post.closedReason ? { closedReason: post.closedReason } : {}),
  };
}

export const REFUSALS = {
  notOpen: { message: 'Only an open request can be closed', code: 'POST_NOT_OPEN' },
  notClosed: { message: 'Only a closed or expired request can be reopened', code: 'POST_NOT_CLOSED' },
  hasAccepted: {
    message: 'This request has an accepted offer. Cancel the acceptance first, then close the request.',
    code: 'POST_HAS_ACCEPTED_OFFER',
  },
  alreadyReopened: {
    message: 'A request can be reopened only once. Post a new request instead.',
    code: 'ALREADY_REOPENED',
  },
  /**
   * A post with an accepted offer is not deleted: the client cancels the acceptance first (the offer goes back to
   * pending and the business sees it), so an accepted business's offer never disappears silently.
   */
  deleteHasAccepted: {
    message:
      'This request has an accepted offer. Cancel the acceptance first (set the offer back to pending), then delete the request.',
    code: 'POST_HAS_ACCEPTED_OFFER',
  },
  changedMeanwhile: {
    message: 'The request changed at the same time. Reload and try again.',
    code: 'CONCURRENT_CHANGE',
  },
  otherOfferAccepted: {
    message: 'Another offer of this post has already been accepted',
    code: 'OFFER_ALREADY_ACCEPTED',
  },
  alreadyFinished: { message: 'This post is already finished', code: 'POST_NOT_OPEN' },
  closedNoAccept: { message: 'This request is closed. Reopen it to accept an offer.', code: 'POST_NOT_OPEN' },
  /** An offer is made, negotiated or revised only while its request is open and not past its expiry. */
  notOpenForOffers: { message: 'This request is no longer open for offers', code: 'POST_NOT_OPEN' },
  acceptanceChanged: {
    message: 'The acceptance of this post was changed by another request. Reload and try again.',
    code: 'CONCURRENT_CHANGE',
  },
  acceptedOfferChanged: {
    message: 'The accepted offer of this post changed. Reload and try again.',
    code: 'CONCURRENT_CHANGE',
  },
} as const satisfies Record<string, Refusal>;

/**
 * A condition on the request besides its state: checked on the record read (`holds`) and written into the
 * conditional write (`condition`, with the value `:now`).
 */
export interface PostGuard {
  holds: (post: Pick<StoredPost, 'status' | 'expiresAt' | 'reopenedAt'>, now: string) => boolean;
  condition: string;
  refusal: Refusal;
}

export const POST_GUARDS = /* @__PURE__ */ (() =>
  ({
    /** Not past its expiry (an open request whose days ran out is closed for everyone). */
    notExpired: { holds: (p, now) => p.expiresAt > now, condition: 'expiresAt > :now', refusal: REFUSALS.notOpen },
    /** Past its expiry: what the scheduled job closes. */
    expired: { holds: (p, now) => p.expiresAt <= now, condition: 'expiresAt <= :now', refusal: REFUSALS.notOpen },
    /** Never reopened before (a request reopens once). */
    neverReopened: {
      holds: (p) => !p.reopenedAt,
      condition: 'attribute_not_exists(reopenedAt)',
      refusal: REFUSALS.alreadyReopened,
    },
  }) as const satisfies Record<string, PostGuard>)();

/** Who takes a transition: the request's client, the business of an offer on it, or the marketplace's job. */
export type PostActor = 'client' | 'business' | 'job';

export interface PostTransition {
  /** The states it leaves from (`openExpired`: open but past its expiry, which everyone sees as closed). */
  from: readonly (PostStatus | 'openExpired')[];
  /** The state it reaches; null: the request is removed. */
  to: PostStatus | null;
  by: readonly PostActor[];
  guards: readonly (keyof typeof POST_GUARDS)[];
  /** The 409 when it is in none of the `from` states, by the state it is in (else `otherwise`). */
  refusals: Partial<Record<PostStatus | 'openExpired', Refusal>> & { otherwise: Refusal };
  /** The 409 when its conditional write finds the request changed since it was read. */
  onRace: Refusal;
  /** Who is told of it, through which notification. */
  tells?: {
    to: 'businesses with a pending offer' | 'businesses with an offer' | 'matching businesses';
    kind: NotificationKind;
  };
}

export const POST_LIFE = /* @__PURE__ */ (() =>
  ({
    /** An offer of it is accepted (by the client, or by its business accepting the client's counter-offer). */
    accept: {
      from: ['open'],
      to: 'accepted',
      by: ['client', 'business'],
      guards: ['notExpired'],
      refusals: {
        finished: REFUSALS.alreadyFinished,
        closed: REFUSALS.closedNoAccept,
        openExpired: REFUSALS.closedNoAccept,
        otherwise: REFUSALS.otherOfferAccepted,
      },
      onRace: REFUSALS.otherOfferAccepted,
    },
    /** Its accepted offer goes back to pending (the client cancels) or is withdrawn (its business deletes it). */
    reopenOnCancel: {
      from: ['accepted'],
      to: 'open',
      by: ['client', 'business'],
      guards: [],
      refusals: { otherwise: REFUSALS.acceptanceChanged },
      onRace: REFUSALS.acceptanceChanged,
    },
    /** The client reviews the accepted offer's business (POST /finishedJobs). */
    finish: {
      from: ['accepted'],
      to: 'finished',
      by: ['client'],
      guards: [],
      refusals: { otherwise: REFUSALS.acceptedOfferChanged },
      onRace: REFUSALS.acceptedOfferChanged,
    },
    /** The client closes it without hiring; the pending offers are declined and their businesses told. */
    close: {
      from: ['open'],
      to: 'closed',
      by: ['client'],
      guards: ['notExpired'],
      refusals: { accepted: REFUSALS.hasAccepted, otherwise: REFUSALS.notOpen },
      onRace: REFUSALS.changedMeanwhile,
      tells: { to: 'businesses with a pending offer', kind: 'requestClosed' },
    },
    /** Its days ran out with no acceptance (the hourly job); the pending offers are declined and their businesses told. */
    expire: {
      from: ['open'],
      to: 'closed',
      by: ['job'],
      guards: ['expired'],
      refusals: { otherwise: REFUSALS.changedMeanwhile },
      onRace: REFUSALS.changedMeanwhile,
      tells: { to: 'businesses with a pending offer', kind: 'requestClosed' },
    },
    /** The client reopens a closed or expired request, once, for another POST_OPEN_DAYS. */
    reopen: {
      from: ['closed', 'openExpired'],
      to: 'open',
      by: ['client'],
      guards: ['neverReopened'],
      refusals: { otherwise: REFUSALS.notClosed },
      onRace: REFUSALS.alreadyReopened,
    },
    /** The client deletes it (never while an offer is accepted): its offers go, their businesses are told. */
    delete: {
      from: ['open', 'openExpired', 'closed', 'finished'],
      to: null,
      by: ['client'],
      guards: [],
      refusals: { otherwise: REFUSALS.deleteHasAccepted },
      onRace: REFUSALS.deleteHasAccepted,
      tells: { to: 'businesses with an offer', kind: 'requestDeleted' },
    },
  }) as const satisfies Record<string, PostTransition>)();

export type PostTransitionName = keyof typeof POST_LIFE;

/** The state a transition sees: `openExpired` for an open request past its expiry. */
const stateAt = (post: Pick<StoredPost, 'status' | 'expiresAt'>, now: string) =>
  isExpired(post, now) ? 'openExpired' : post.status;

/** Why the request may not take the transition now (undefined: it may). */
export function postRefusal(
  name: PostTransitionName,
  post: Pick<StoredPost, 'status' | 'expiresAt' | 'reopenedAt'>,
  now: string,
): Refusal | undefined {
  const t: PostTransition = POST_LIFE[name];
  const state = stateAt(post, now);
  if (!t.from.includes(state)) return t.refusals[state] ?? t.refusals.otherwise;
  const failed = t.guards.map((g) => POST_GUARDS[g]).find((g) => !g.holds(post, now));
  return failed?.refusal;
}

/**
 * What a conditional write of the request puts for the transition: `condition`, its state is one of `from` and
 * every guard holds (`openExpired`: open and past its expiry); `set`, the state it reaches (absent when the write
 * removes the request). Names `#s` for `status`; its values are `:{state}` for each state named and `:now` when a
 * guard or the expiry reads the time.
 */
export function postCondition(
  name: PostTransitionName,
  now: string,
): { expression: string; set?: string; names: { '#s': 'status' }; values: Record<string, string> } {
  const t: PostTransition = POST_LIFE[name];
  const states = t.from.filter((s): s is PostStatus => s !== 'openExpired');
  const expiredToo = t.from.includes('openExpired') && !states.includes('open');
  const others = POST_STATUSES.filter((s) => !states.includes(s));
  const named: string[] = [];
  let state: string;
  if (expiredToo) {
    // Reopening takes a closed request, or an open one past its expiry.
    state = `(${[...states.map((s) => `#s = :${s}`), '(#s = :open AND expiresAt <= :now)'].join(' OR ')})`;
    named.push(...states, 'open');
  } else if (states.length === 1) {
    state = `#s = :${states[0]}`;
    named.push(states[0]);
  } else if (others.length === 1) {
    state = `#s <> :${others[0]}`;
    named.push(others[0]);
  } else {
    state = `#s IN (${states.map((s) => `:${s}`).join(', ')})`;
    named.push(...states);
  }
  if (t.to) named.push(t.to);
  const expression = [state, ...t.guards.map((g) => POST_GUARDS[g].condition)].join(' AND ');
  return {
    expression,
    ...(t.to ? { set: `#s = :${t.to}` } : {}),
    names: { '#s': 'status' },
    values: {
      ...Object.fromEntries(named.map((s) => [`:${s}`, s])),
      ...(expression.includes(':now') ? { ':now': now } : {}),
    },
  };
}

/** Whether offers may be made and negotiated on the request now: open and not past its expiry. */
export const openForOffers = (post: Pick<StoredPost, 'status' | 'expiresAt'>, now: string) =>
  post.status === 'open' && POST_GUARDS.notExpired.holds(post, now);

/** The condition of openForOffers in a conditional write (names `#s`; values `:open`, `:now`). */
export const openForOffersCondition = (now: string) => ({
  expression: `#s = :open AND ${POST_GUARDS.notExpired.condition}`,
  names: { '#s': 'status' } as const,
  values: { ':open': 'open', ':now': now },
});

/** The 409 when a conditional write of the transition lost to another change of the request. */
export const postRaceRefusal = (name: PostTransitionName): Refusal => POST_LIFE[name].onRace;
