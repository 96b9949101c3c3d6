/**
 * GET /payments/{id}/receipt: where the receipt of one of the caller's completed payments is: the provider's invoice
 * (a PDF in the cloud, whose link expires within the hour, so it is asked for on each request; the local provider's
 * receipt page on `npm start`).
 */
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { conflict, forbidden, notFound } from '../lib/errors';
import { getTransaction } from '../data/transactions';
import { paymentProvider } from '../payments/provider';

export const handler = defineHandler('getPaymentReceipt', {
  params: idParams,
  run: async ({ caller, params }) => {
    const payment = await getTransaction(params.id);
    if (!payment) throw notFound('Payment not found');
    if (payment.businessSub !== caller.sub) throw forbidden('You can only see your own payments');
    const state = payment.state;
    if ((state !== 'completed' && state !== 'refunded') || !payment.providerTransactionId)
      throw conflict(
        'This payment has no receipt: it was not completed through the payment provider',
        'PAYMENT_NOT_REFUNDABLE',
      );
    return { url: await (await paymentProvider()).getInvoiceUrl(payment.providerTransactionId) };
  },
});
