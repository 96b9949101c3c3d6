/**
 * POST /moderation/payments/{id}/refund {reason, amount?}: a moderator refunds a completed payment, wholly or in
 * part, through the payment provider. The reason is required and shown to the business (its email and in-app
 * notification, the Transactions page). The payment becomes Refunded when the provider approves the refund; a whole
 * refund takes back what was bought (the ad leaves the lists, the plan goes back to Basic).
 */
import { idParams } from '../../common/schemas/accounts';
import { refundBody as body } from '../../common/schemas/payments';
import { defineHandler } from '../api/http';
import { refundPayment, toModerationPaymentDto } from '../domain/payments';

export const handler = defineHandler('refundPayment', {
  params: idParams,
  body,
  run: async ({ caller, params, body: input, log }) => {
    const payment = await refundPayment(params.id, caller, input, log);
    return toModerationPaymentDto(payment);
  },
});
