/**
 * POST /payments/webhook: the payment provider's events (docs/payments.md). Public (no sign-in): only a body whose
 * `Paddle-Signature` is valid for the stage's webhook secret and made within 5 minutes is read; anything else is
 * 401 and changes nothing (counted: an alarm watches the count). A signed body that is no event we can read is
 * 400; an event we do not act on is 200. Applying an event is idempotent and ordered by the provider's event id and
 * time (lambdas/domain/payments.ts), so deliveries repeated, concurrent, late or early change the state once. A
 * transaction that pays for none of our records is refused with a 200 too (so that Paddle does not send it again):
 * nothing changes, and a paid one is listed for moderators as "paid, not matched" (logged, counted, alarmed).
 */
import { PAYMENT_SIGNATURE_HEADER } from '../../common/payments';
import { defineRawBodyHandler, jsonResult } from '../api/http';
import { countEvent } from '../lib/log';
import { applyPaymentEvent } from '../domain/payments';
import { findPaymentProvider } from '../payments/provider';
import { WebhookPayloadError, WebhookSignatureError } from '../payments/port';

export const handler = defineRawBodyHandler('paymentWebhook', async ({ rawBody, header, log }) => {
  const provider = await findPaymentProvider();
  if (!provider) {
    countEvent('webhookSignatureRejected');
    return jsonResult(401, { message: 'Payments are not set up on this stage', code: 'WEBHOOK_SIGNATURE_INVALID' });
  }
  let event;
  try {
    event = await provider.parseWebhook(rawBody, header(PAYMENT_SIGNATURE_HEADER));
  } catch (err) {
    if (err instanceof WebhookSignatureError) {
      countEvent('webhookSignatureRejected');
      log.warn('A webhook was refused: its signature is not valid', { reason: err.message });
      return jsonResult(401, { message: 'Invalid webhook signature', code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    if (err instanceof WebhookPayloadError) {
      log.warn('A signed webhook could not be read', { reason: err.message });
      return jsonResult(400, { message: `Malformed webhook: ${err.message}`, code: 'WEBHOOK_MALFORMED' });
    }
    throw err;
  }
  const outcome = await applyPaymentEvent(event, log);
  log.info('Payment webhook', { eventId: event.eventId, kind: event.kind, outcome });
  return jsonResult(200, { received: true, outcome });
});
