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
import type { StoredPost } from '../model/posts';
import { HttpError, conflict, refuse, type Refusal } from '../lib/errors';
import { REFUSALS as POST_REFUSALS, openForOffers } from '../model/postLife';
import { OFFER_LIFE, REFUSALS, type OfferTransition } from '../model/offerLife';
import type { NegotiationFields, OfferTerms, StoredOffer, StoredTerms } from '../model/offers';
import { step } from '../model/offers';
import { getOffer } from '../data/offers';

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
  if (version !== undefined && version !== offer.version) throw refuse(REFUSALS.changed);
}

function assertRoom(offer: NegotiableOffer) {
  if (offer.history.length >= NEGOTIATION_STEPS_MAX) throw refuse(REFUSALS.tooLong);
}

/** 409 unless the offer is in a status the step leaves from and its counter-offer is as the step needs. */
function assertStep(name: 'counter' | 'acceptCounter' | 'declineCounter', offer: NegotiableOffer) {
  const t: OfferTransition = OFFER_LIFE[name];
  if (!t.from.includes(offer.status)) throw refuse(t.refusal(offer.status));
  if (t.proposal === 'none' && offer.proposal) throw refuse(REFUSALS.proposalOpen);
  if (t.proposal === 'open' && !offer.proposal) throw refuse(REFUSALS.noProposal);
}

function assertPostOpen(post: StoredPost, now: string) {
  if (!openForOffers(post, now)) throw refuse(POST_REFUSALS.notOpenForOffers);
}

/** The client may counter (OFFER_LIFE.counter): a pending, valid offer with no open counter-offer, on an open request. */
export function assertMayCounter(offer: NegotiableOffer, post: StoredPost, version: number, now = new Date()) {
  assertStep('counter', offer);
  if (OFFER_LIFE.counter.whileValid && offerExpired(offer, now)) throw refuse(REFUSALS.expired);
  assertVersion(offer, version);
  assertPostOpen(post, now.toISOString());
  assertRoom(offer);
}

/**
 * The business may answer the open counter-offer of a pending offer on an open request (OFFER_LIFE.acceptCounter
 * and declineCounter, which leave from the same status and both need the counter-offer open).
 */
export function assertMayAnswer(offer: NegotiableOffer, post: StoredPost, version: number, now = new Date()) {
  assertStep('acceptCounter', offer);
  assertStep('declineCounter', offer);
  assertVersion(offer, version);
  assertPostOpen(post, now.toISOString());
  assertRoom(offer);
}

/** The client may accept (OFFER_LIFE.accept) only an offer still valid, on the version it saw. */
export function assertMayAccept(offer: NegotiableOffer, version: number | undefined, now = new Date()) {
  assertVersion(offer, version);
  if (OFFER_LIFE.accept.whileValid && offerExpired(offer, now)) throw refuse(REFUSALS.expired);
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
    const now = await getOffer(offer._id);
    if (!now) throw err;
    if (now.status !== offer.status)
      throw conflict(`This offer is ${now.status} now: it changed meanwhile`, 'OFFER_STATUS_CONFLICT');
    if (offerExpired(now)) throw refuse(REFUSALS.expired);
    if (now.proposal && opts.whenProposalOpen) throw refuse(opts.whenProposalOpen);
    throw err;
  }
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
