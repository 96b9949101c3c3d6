/**
 * A payment's adjustments as kept on its record (lambdas/data/transactions.ts `adjustments`, by the provider's
 * adjustment id): what they take back together, and which of them a change of the record moved. Pure, read by the
 * payments' rules (lambdas/domain/payments.ts), the notifier (what the business is told) and the operator's figures.
 */
import type { AdjustmentStatus } from '../../common/payments';
import type { StoredAdjustment, StoredTransaction } from '../model/payments';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** How far an adjustment has gone: a status is never replaced by one of a lower rank (a late delivery). */
export const ADJUSTMENT_STATUS_RANK: Record<AdjustmentStatus, number> = {
  pending_approval: 0,
  approved: 1,
  rejected: 1,
  reversed: 2,
};

/** What one adjustment takes back: an approved refund or chargeback its amount; an approved chargeback reversal gives it back. */
export const takenBy = (a: Pick<StoredAdjustment, 'action' | 'status' | 'amount'>) =>
  a.status !== 'approved' ? 0 : a.action === 'chargeback_reverse' ? -a.amount : a.amount;

/** What a payment's adjustments take back together: never less than nothing, never more than the payment. */
export const takenBack = (amount: number, adjustments: Record<string, StoredAdjustment>) =>
  Math.min(amount, Math.max(0, round2(Object.values(adjustments).reduce((sum, a) => sum + takenBy(a), 0))));

/** An adjustment a change moved: what it now takes back less what it took before (negative: given back). */
export interface AdjustmentMove {
  id: string;
  adjustment: StoredAdjustment;
  /** What it takes back now less before. */
  delta: number;
}

/** The adjustments whose share of what is taken back a change of the record moved (a status that counts changed). */
export function adjustmentMoves(
  before: Pick<StoredTransaction, 'adjustments'> | undefined,
  after: Pick<StoredTransaction, 'adjustments'>,
): AdjustmentMove[] {
  const was = before?.adjustments ?? {};
  return Object.entries(after.adjustments ?? {}).flatMap(([id, adjustment]) => {
    const delta = round2(takenBy(adjustment) - (was[id] ? takenBy(was[id]) : 0));
    return delta === 0 ? [] : [{ id, adjustment, delta }];
  });
}
