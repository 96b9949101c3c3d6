/**
 * The payment state machine: which state a change may leave from. Everything else (a repeated event, an older one,
 * a change the state does not allow) changes nothing.
 *
 *   pending -> completed | failed | canceled
 *   failed -> completed | failed | canceled   (the buyer may try another card in the same checkout)
 *   completed -> refunded            (partly or wholly; a further partial refund: refunded -> refunded)
 *
 * What was bought is delivered only on entering `completed`, and taken back when the refunds reach the whole amount.
 */
import type { PaymentState } from '../../common/payments';

export const ALLOWED_FROM: Record<Exclude<PaymentState, 'pending'>, readonly PaymentState[]> = {
  completed: ['pending', 'failed'],
  failed: ['pending', 'failed'],
  canceled: ['pending', 'failed'],
  refunded: ['completed', 'refunded'],
};

export const canMove = (from: PaymentState, to: Exclude<PaymentState, 'pending'>) => ALLOWED_FROM[to].includes(from);
