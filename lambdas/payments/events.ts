/**
 * Our own payment events: what a provider's webhook means for us, whatever the provider. Each carries the
 * provider's event id (a delivery repeated has the same id) and when it happened (deliveries arrive out of
 * order: the time decides, lambdas/domain/paymentStates.ts).
 *
 * | provider event (Paddle) | our event |
 * |---|---|
 * | transaction.completed (a checkout or a change) | payment.completed |
 * | transaction.completed (a subscription's monthly charge) | subscription.renewed |
 * | transaction.payment_failed, transaction.past_due | payment.failed |
 * | transaction.canceled | payment.canceled |
 * | adjustment.created / adjustment.updated, action refund, chargeback or chargeback_reverse | adjustment |
 * | subscription.created / updated / activated / past_due / canceled | subscription.created / updated / past_due / canceled |
 * | anything else (credits, chargeback warnings, other entities) | ignored |
 */
import type { ProviderAdjustment, ProviderSubscription, ProviderTransaction } from './port';

interface EventBase {
  eventId: string;
  occurredAt: string;
}

export type PaymentEvent =
  | (EventBase & {
      kind: 'payment.completed' | 'payment.failed' | 'payment.canceled' | 'subscription.renewed';
      transaction: ProviderTransaction;
    })
  | (EventBase & { kind: 'adjustment'; adjustment: ProviderAdjustment })
  | (EventBase & {
      kind: 'subscription.created' | 'subscription.updated' | 'subscription.past_due' | 'subscription.canceled';
      subscription: ProviderSubscription;
    })
  | (EventBase & { kind: 'ignored'; eventType: string });

export type PaymentEventKind = PaymentEvent['kind'];

/** Every kind of our events (the API document lists them). */
export const PAYMENT_EVENT_KINDS: readonly PaymentEventKind[] = [
  'payment.completed',
  'payment.failed',
  'payment.canceled',
  'adjustment',
  'subscription.created',
  'subscription.updated',
  'subscription.past_due',
  'subscription.canceled',
  'subscription.renewed',
  'ignored',
];
