/**
 * Which provider transaction may complete which payment record (lambdas/domain/paymentBinding.ts), and what a
 * payment's adjustments take back together (lambdas/domain/adjustments.ts): pure rules, every path.
 */
import { describe, expect, it } from 'vitest';
import { bindTransaction } from '../../lambdas/domain/paymentBinding';
import { adjustmentMoves, takenBack } from '../../lambdas/domain/adjustments';
import type { StoredAdjustment } from '../../lambdas/model/payments';

const record = { businessId: 'biz-1', amount: 20, currency: 'EUR' };
const txn = (over: Partial<Parameters<typeof bindTransaction>[1]> = {}) => ({
  id: 'txn_attack',
  customData: { paymentId: 'pay-1', businessId: 'biz-1' },
  items: [{ priceId: 'pri_ad', quantity: 1 }],
  total: 20,
  currency: 'EUR',
  ...over,
});

describe('binding a transaction to a payment record', () => {
  it('its own checkout: by the stored id, or found through its lookup', () => {
    expect(bindTransaction({ ...record, providerTransactionId: 'txn_own' }, txn({ id: 'txn_own' }), 'pri_ad')).toEqual({
      bound: true,
      byId: true,
    });
    expect(bindTransaction(record, txn({ items: [] }), 'pri_ad', true)).toEqual({ bound: true, byId: true });
  });

  it('once its checkout is stored, no other transaction, even of exactly its price', () => {
    expect(bindTransaction({ ...record, providerTransactionId: 'txn_own' }, txn(), 'pri_ad')).toEqual({
      bound: false,
      reason: 'otherTransaction',
    });
  });

  it('before that: only one line of its price, once, at its amount and currency, for its business', () => {
    expect(bindTransaction(record, txn(), 'pri_ad')).toEqual({ bound: true, byId: false });
    const refused = (over: Partial<Parameters<typeof bindTransaction>[1]>) =>
      bindTransaction(record, txn(over), 'pri_ad');
    expect(refused({ items: [{ priceId: 'pri_standard', quantity: 1 }], total: 5 })).toMatchObject({
      reason: 'otherPrice',
    });
    expect(refused({ items: [{ priceId: 'pri_ad', quantity: 2 }], total: 40 })).toMatchObject({ reason: 'otherPrice' });
    expect(
      refused({
        items: [
          { priceId: 'pri_ad', quantity: 1 },
          { priceId: 'pri_standard', quantity: 1 },
        ],
      }),
    ).toMatchObject({ reason: 'otherPrice' });
    expect(refused({ currency: 'USD' })).toMatchObject({ reason: 'otherCurrency' });
    expect(refused({ total: 15 })).toMatchObject({ reason: 'otherAmount' });
    expect(refused({ customData: { paymentId: 'pay-1', businessId: 'biz-2' } })).toMatchObject({
      reason: 'otherBusiness',
    });
    expect(refused({ customData: undefined })).toMatchObject({ reason: 'otherBusiness' });
    expect(bindTransaction(record, txn(), undefined)).toMatchObject({ reason: 'otherPrice' });
  });
});

describe("what a payment's adjustments take back", () => {
  const adj = (over: Partial<StoredAdjustment>): StoredAdjustment => ({
    action: 'refund',
    status: 'approved',
    amount: 5,
    at: '2026-11-20T10:00:00.000Z',
    ...over,
  });

  it('approved refunds and chargebacks add up, never past the payment; pending, rejected and reversed count nothing', () => {
    expect(takenBack(20, { a: adj({}), b: adj({ amount: 7.5 }) })).toBe(12.5);
    expect(takenBack(20, { a: adj({ amount: 15 }), b: adj({ action: 'chargeback', amount: 20 }) })).toBe(20);
    expect(
      takenBack(20, {
        a: adj({ status: 'pending_approval' }),
        b: adj({ status: 'rejected' }),
        c: adj({ status: 'reversed' }),
      }),
    ).toBe(0);
  });

  it("a chargeback's reversal gives back what the chargeback took", () => {
    expect(
      takenBack(20, {
        cb: adj({ action: 'chargeback', amount: 20 }),
        rv: adj({ action: 'chargeback_reverse', amount: 20 }),
      }),
    ).toBe(0);
  });

  it('a change moves only the adjustments whose counted share changed', () => {
    const before = { adjustments: { a: adj({ status: 'pending_approval' }), b: adj({}) } };
    expect(adjustmentMoves(before, { adjustments: { a: adj({}), b: adj({}) } })).toEqual([
      { id: 'a', adjustment: adj({}), delta: 5 },
    ]);
    expect(adjustmentMoves(before, { adjustments: { ...before.adjustments, b: adj({ status: 'reversed' }) } })).toEqual(
      [{ id: 'b', adjustment: adj({ status: 'reversed' }), delta: -5 }],
    );
    expect(adjustmentMoves(before, before)).toEqual([]);
  });
});
