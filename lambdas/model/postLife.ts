/**
 * A request's whole life after posting (docs/access-patterns.md, "State changes"):
 *
 *   open -> accepted -> finished          (an offer is accepted, then reviewed)
 *   open -> closed (client | expired)     (closed without hiring, or POST_OPEN_DAYS passed with no acceptance)
 *   closed -> open                        (the client reopens it, once, for another POST_OPEN_DAYS)
 *
 * An open post whose `expiresAt` has passed is closed for everyone at once (lists filter it out, its
 * answer says closed/expired) before the scheduled job writes `closed`.
 */
import { POST_OPEN_DAYS, type PostClosedReason, type PostStatus } from '../../common/constants';
import type { StoredPost } from '../model/posts';
import { conflict } from '../lib/errors';
import type { Refusal } from '../data/transact';

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
} as const satisfies Record<string, Refusal>;

/** 409 unless the client may close the post now (open, not expired, nothing accepted). */
export function assertClosable(post: StoredPost, now: string) {
  if (post.status === 'accepted') throw conflict(REFUSALS.hasAccepted.message, REFUSALS.hasAccepted.code);
  if (post.status !== 'open' || isExpired(post, now)) throw conflict(REFUSALS.notOpen.message, REFUSALS.notOpen.code);
}

/** 409 unless the client may reopen the post now (closed or expired, never reopened). */
export function assertReopenable(post: StoredPost, now: string) {
  if (post.status !== 'closed' && !isExpired(post, now))
    throw conflict(REFUSALS.notClosed.message, REFUSALS.notClosed.code);
  if (post.reopenedAt) throw conflict(REFUSALS.alreadyReopened.message, REFUSALS.alreadyReopened.code);
}
