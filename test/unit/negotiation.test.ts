/**
 * The negotiation's rules without a database (lambdas/domain/negotiation.ts, common/schemas/offers.ts): how a new
 * offer reads, validity and its default, who may take which step and the code of each refusal, and the terms' checks
 * (items adding up to the cent, days).
 */
import { describe, expect, it } from 'vitest';
import { OFFER_VALIDITY_DEFAULT_DAYS, addDays, isOfferExpired, todayDate } from '../../common/constants';
import { counterAnswerBody, counterOfferBody, createOfferBody } from '../../common/schemas/offers';
import {
  assertMayAccept,
  assertMayAnswer,
  assertMayCounter,
  awaitingOf,
  negotiationDto,
  storedTerms,
} from '../../lambdas/domain/negotiation';
import { newOffer } from '../../lambdas/domain/offers';
import type { StoredPost } from '../../lambdas/model/posts';
import type { StoredBusiness } from '../../lambdas/model/users';
import { HttpError } from '../../lambdas/lib/errors';

const now = new Date('2026-11-26T12:00:00Z');
const post = {
  _id: 'p1',
  userId: 'u1',
  title: 'Kitchen',
  images: [],
  category: ['kitchen'],
  location: 'Tirana',
  status: 'open',
  createdAt: '2026-10-01T09:00:00.000Z',
  expiresAt: '2026-12-31T09:00:00.000Z',
} as StoredPost;
const business = { _id: 'b1', cognitoId: 's1', businessName: 'Dru' } as StoredBusiness;
const made = new Date('2026-11-20T10:00:00.000Z');
/** An offer as a business makes it: one line, its default validity (14 days), version 0, one offer step. */
const old = newOffer({ postId: 'p1', businessId: 'b1', price: 900, message: 'Hi' }, 's1', post, business, made);

/** The code of the refusal `fn` throws. */
function codeOf(fn: () => void): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof HttpError ? `${err.status} ${err.code}` : String(err);
  }
}

describe('a new offer', () => {
  it('reads as a one-line offer at version 0, valid 14 days, with one offer step, the client to answer', () => {
    expect(old.history).toEqual([{ by: 'business', action: 'offer', at: old.createdAt, price: 900 }]);
    expect(awaitingOf(old)).toBe('client');
    expect(negotiationDto(old, now)).toEqual({
      validUntil: '2026-12-04',
      expired: false,
      version: 0,
      awaiting: 'client',
      history: [{ by: 'business', action: 'offer', at: old.createdAt, price: 900 }],
    });
  });
});

describe('validity', () => {
  it('defaults to 14 days from today and lasts through its last day (UTC)', () => {
    expect(storedTerms({ price: 1, message: 'x' }, now).validUntil).toBe(
      addDays('2026-11-26', OFFER_VALIDITY_DEFAULT_DAYS),
    );
    expect(isOfferExpired('2026-11-26', now)).toBe(false);
    expect(isOfferExpired('2026-11-25', now)).toBe(true);
    expect(negotiationDto({ ...old, validUntil: '2026-11-25' }, now).expired).toBe(true);
    // An accepted offer is no longer "expired": the deal was made.
    expect(negotiationDto({ ...old, status: 'accepted', validUntil: '2026-11-25' }, now).expired).toBe(false);
  });

  it('leaves out empty lists and texts (no items: a one-line offer)', () => {
    expect(storedTerms({ price: 5, message: 'm', items: [], included: [], includedNote: '' }, now)).toEqual({
      price: 5,
      message: 'm',
      validUntil: '2026-12-10',
    });
  });
});

describe('who may take which step', () => {
  const countered = { ...old, version: 1, proposal: { price: 800, at: '2026-11-20T10:00:00.000Z' } };

  it('a counter-offer: pending, none open, still valid, the version seen, an open request', () => {
    expect(codeOf(() => assertMayCounter(old, post, 0, now))).toBeUndefined();
    expect(codeOf(() => assertMayCounter(countered, post, 1, now))).toBe('409 PROPOSAL_OPEN');
    expect(codeOf(() => assertMayCounter({ ...old, status: 'accepted' }, post, 0, now))).toBe(
      '409 OFFER_STATUS_CONFLICT',
    );
    expect(codeOf(() => assertMayCounter({ ...old, validUntil: '2026-11-01' }, post, 0, now))).toBe(
      '409 OFFER_EXPIRED',
    );
    expect(codeOf(() => assertMayCounter(old, post, 3, now))).toBe('409 CONCURRENT_CHANGE');
    expect(codeOf(() => assertMayCounter(old, { ...post, status: 'closed' }, 0, now))).toBe('409 POST_NOT_OPEN');
    const full = { ...old, history: Array.from({ length: 40 }, () => old.history[0]) };
    expect(codeOf(() => assertMayCounter(full, post, 0, now))).toBe('409 NEGOTIATION_TOO_LONG');
  });

  it("the business's answer: only to an open counter-offer", () => {
    expect(codeOf(() => assertMayAnswer(countered, post, 1, now))).toBeUndefined();
    expect(codeOf(() => assertMayAnswer(old, post, 0, now))).toBe('409 NO_OPEN_PROPOSAL');
    expect(codeOf(() => assertMayAnswer(countered, post, 0, now))).toBe('409 CONCURRENT_CHANGE');
    expect(awaitingOf(countered)).toBe('business');
  });

  it("the client's acceptance: the version seen (when sent), not expired", () => {
    expect(codeOf(() => assertMayAccept(old, undefined, now))).toBeUndefined();
    expect(codeOf(() => assertMayAccept(old, 1, now))).toBe('409 CONCURRENT_CHANGE');
    expect(codeOf(() => assertMayAccept({ ...old, validUntil: '2026-11-25' }, 0, now))).toBe('409 OFFER_EXPIRED');
  });
});

describe('the terms, checked by the shared schemas', () => {
  const base = { postId: 'p1', businessId: 'b1', message: 'm' };
  const codes = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; params?: unknown }[] } }) =>
    r.error?.issues.map((i) => `${i.path.join('.')}:${(i.params as { code?: string } | undefined)?.code ?? ''}`);

  it('items add up to the price to the cent (0.1 + 0.2 is 0.3)', () => {
    const items = [
      { label: 'a', amount: 0.1 },
      { label: 'b', amount: 0.2 },
    ];
    expect(createOfferBody.safeParse({ ...base, price: 0.3, items }).success).toBe(true);
    expect(codes(createOfferBody.safeParse({ ...base, price: 0.31, items }))).toEqual(['items:ITEMS_TOTAL_MISMATCH']);
  });

  it('days are real days, not in the past, validity at most 90 days ahead', () => {
    const today = todayDate();
    expect(
      createOfferBody.safeParse({ ...base, price: 1, startDate: today, validUntil: addDays(today, 90) }).success,
    ).toBe(true);
    expect(codes(createOfferBody.safeParse({ ...base, price: 1, startDate: '2027-02-30' }))).toEqual([
      'startDate:INVALID_DATE',
    ]);
    expect(codes(createOfferBody.safeParse({ ...base, price: 1, validUntil: addDays(today, 91) }))).toEqual([
      'validUntil:INVALID_DATE',
    ]);
    expect(codes(counterOfferBody.safeParse({ version: 0, price: 5, startDate: addDays(today, -3) }))).toEqual([
      'startDate:INVALID_DATE',
    ]);
  });

  it('a counter-offer and an answer carry the version acted on', () => {
    expect(counterOfferBody.safeParse({ price: 5 }).success).toBe(false);
    expect(counterAnswerBody.safeParse({ version: 2, answer: 'accept' }).success).toBe(true);
    expect(counterAnswerBody.safeParse({ version: 2, answer: 'revise' }).success).toBe(false);
  });
});
