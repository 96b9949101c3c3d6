/** Request schemas of payments: a moderator's refund (POST /moderation/payments/{id}/refund). */
import * as z from 'zod';
import { REFUND_REASON_MAX } from '../payments';

export const refundBody = z.object({
  reason: z
    .string({ error: 'Give the reason for the refund (the business is shown it)' })
    .trim()
    .min(1, 'Give the reason for the refund (the business is shown it)')
    .max(REFUND_REASON_MAX, `At most ${REFUND_REASON_MAX} characters`),
  amount: z
    .number()
    .positive('The amount must be more than 0')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'At most two decimals')
    .max(1_000_000)
    .optional()
    .describe('Part of the payment to refund; the whole of what is left when absent'),
});
export type RefundBody = z.infer<typeof refundBody>;

/**
 * The payment provider's webhook (Paddle's event envelope), for the API document: POST /payments/webhook reads the
 * raw body only after its signature is checked, then lambdas/payments/paddle.ts reads what it needs of it.
 */
export const paymentWebhookEventSchema = z
  .object({
    event_id: z.string().describe('Unique per event (evt_...): a repeated delivery has the same id'),
    event_type: z
      .string()
      .describe(
        'transaction.completed, transaction.payment_failed, transaction.past_due, transaction.canceled, adjustment.created, adjustment.updated, subscription.created, subscription.updated, subscription.past_due, subscription.canceled (others are ignored)',
      ),
    occurred_at: z.string().describe('RFC 3339 time the event happened (an older event never undoes a newer one)'),
    notification_id: z.string().optional(),
    data: z
      .record(z.string(), z.unknown())
      .describe("The transaction, adjustment or subscription entity (Paddle's API reference)"),
  })
  .meta({ id: 'PaymentWebhookEvent' });
