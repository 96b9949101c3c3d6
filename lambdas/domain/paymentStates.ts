/**
 * The payment state machine: which state a change may leave from. Everything else (a repeated event, an older one,
 * a change the state does not allow) changes nothing.
 *
 *   pending -> completed | failed | canceled
 *   failed -> completed | failed | canceled   (the buyer may try another card in the same checkout)
 *   completed <-> refunded           (adjustments: anything taken back by refunds or chargebacks reads refunded;
 *                                     their reversals down to nothing read completed again: ./payments.ts)
 *
 * What was bought is delivered only on entering `completed` from pending or failed, taken back when the refunds and
 * chargebacks reach the whole amount, and given back when a reversal brings them below it.
 */
import type { PaymentState } from '../../common/payments';

export const ALLOWED_FROM: Record<Exclude<PaymentState, 'pending'>, readonly PaymentState[]> = {
  completed: ['pending', 'failed'],
  failed: ['pending', 'failed'],
  canceled: ['pending', 'failed'],
  refunded: ['completed', 'refunded'],
};

export const canMove = (from: PaymentState, to: Exclude<PaymentState, 'pending'>) => ALLOWED_FROM[to].includes(from);
