/**
 * Negotiation of an offer: what an offer says beyond its price (line items, start, duration, what is
 * included, validity) and the counter-offers on it.
 *
 *   the business offers (or revises)            -> the client must answer: accept, decline, or counter
 *   the client counters (price, start date, note) -> the business must answer: accept (the deal is made at the
 *                                                   client's terms), decline (its own terms stand), or revise
 *
 * At most one counter-offer is open at a time (`proposal` on the offer). Every step appends to the offer's
 * `history` and moves its `version`, in one conditional write that re-checks the status, the version the caller
 * acted on and (for a counter) that no proposal is open, so two people acting at once end in one state and the
 * loser gets a 409 with a code. An offer without items is a one-line offer (its price).
 */
import {
  NEGOTIATION_STEPS_MAX,
  defaultValidUntil,
  isOfferExpired,
  todayDate,
  type NegotiationParty,
  type OfferStatus,
} from '../../common/constants';
import type { Offer } from '../../common/types';
import type { Refusal } from '../data/transact';
import type { StoredPost } from '../model/posts';
import { conflict } from '../lib/errors';
import { isExpired } from '../model/postLife';
import { type NegotiationFields, type OfferTerms, type StoredTerms, step } from '../model/offers';

/** The 409s of the negotiation: a message for people and a stable code (common/errors.ts). */
export const NEGOTIATION_REFUSALS = {
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

const refuse = (r: Refusal) => conflict(r.message, r.code);

interface NegotiableOffer extends NegotiationFields {
  _id: string;
  price: number;
  status: OfferStatus;
  createdAt: string;
}

/** Pending and past its last day. */
export const offerExpired = (offer: NegotiableOffer, now = new Date()) =>
  offer.status === 'pending' && isOfferExpired(offer.validUntil, now);

/** While pending: who must answer next. */
export const awaitingOf = (offer: NegotiableOffer): NegotiationParty | undefined =>
  offer.status !== 'pending' ? undefined : offer.proposal ? 'business' : 'client';

/** 409 when the caller acted on another version of the offer than the stored one. */
export function assertVersion(offer: NegotiableOffer, version: number | undefined) {
  if (version !== undefined && version !== offer.version) throw refuse(NEGOTIATION_REFUSALS.changed);
}

function assertRoom(offer: NegotiableOffer) {
  if (offer.history.length >= NEGOTIATION_STEPS_MAX) throw refuse(NEGOTIATION_REFUSALS.tooLong);
}

function assertPostOpen(post: StoredPost, now: string) {
  if (post.status !== 'open' || isExpired(post, now))
    throw conflict('This request is no longer open for offers', 'POST_NOT_OPEN');
}

/** The client may counter a pending, valid offer with no open counter-offer, on an open request. */
export function assertMayCounter(offer: NegotiableOffer, post: StoredPost, version: number, now = new Date()) {
  if (offer.status !== 'pending') throw refuse(NEGOTIATION_REFUSALS.notPending);
  if (offer.proposal) throw refuse(NEGOTIATION_REFUSALS.proposalOpen);
  if (offerExpired(offer, now)) throw refuse(NEGOTIATION_REFUSALS.expired);
  assertVersion(offer, version);
  assertPostOpen(post, now.toISOString());
  assertRoom(offer);
}

/** The business may answer the open counter-offer of a pending offer on an open request. */
export function assertMayAnswer(offer: NegotiableOffer, post: StoredPost, version: number, now = new Date()) {
  if (offer.status !== 'pending') throw refuse(NEGOTIATION_REFUSALS.notPending);
  if (!offer.proposal) throw refuse(NEGOTIATION_REFUSALS.noProposal);
  assertVersion(offer, version);
  assertPostOpen(post, now.toISOString());
  assertRoom(offer);
}

/** The client may accept only an offer still valid (an older offer without validity always is). */
export function assertMayAccept(offer: NegotiableOffer, version: number | undefined, now = new Date()) {
  assertVersion(offer, version);
  if (offerExpired(offer, now)) throw refuse(NEGOTIATION_REFUSALS.expired);
}

/**
 * The terms as stored: the validity defaults to OFFER_VALIDITY_DEFAULT_DAYS from today, empty lists and texts
 * are left out (no items = a one-line offer).
 */
export function storedTerms(terms: OfferTerms, now = new Date()): StoredTerms {
  return {
    price: terms.price,
    message: terms.message,
    ...(terms.items?.length ? { items: terms.items } : {}),
    ...(terms.startDate ? { startDate: terms.startDate } : {}),
    ...(terms.durationDays !== undefined ? { durationDays: terms.durationDays } : {}),
    ...(terms.included?.length ? { included: terms.included } : {}),
    ...(terms.includedNote ? { includedNote: terms.includedNote } : {}),
    validUntil: terms.validUntil ?? defaultValidUntil(todayDate(now)),
  };
}

/** The negotiation fields of an offer's answer (to its client and its business only). */
export function negotiationDto(offer: NegotiableOffer, now = new Date()): Partial<Offer> {
  const awaiting = awaitingOf(offer);
  return {
    ...(offer.items?.length ? { items: offer.items.map(({ label, amount }) => ({ label, amount })) } : {}),
    ...(offer.startDate ? { startDate: offer.startDate } : {}),
    ...(offer.durationDays !== undefined ? { durationDays: offer.durationDays } : {}),
    ...(offer.included?.length ? { included: offer.included } : {}),
    ...(offer.includedNote ? { includedNote: offer.includedNote } : {}),
    validUntil: offer.validUntil,
    expired: offerExpired(offer, now),
    version: offer.version,
    ...(offer.proposal && offer.status === 'pending'
      ? {
          proposal: {
            price: offer.proposal.price,
            at: offer.proposal.at,
            ...(offer.proposal.startDate ? { startDate: offer.proposal.startDate } : {}),
            ...(offer.proposal.note ? { note: offer.proposal.note } : {}),
          },
        }
      : {}),
    ...(awaiting ? { awaiting } : {}),
    history: offer.history.map((s) => step(s.by, s.action, s.at, s)),
  };
}
