/** GET /payments/{id}: one of the caller business's payments (the result page follows it until it is Completed or Refused). */
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden, notFound } from '../lib/errors';
import { getTransaction } from '../data/transactions';
import { toTransactionDto } from '../domain/payments';

export const handler = defineHandler('getPayment', {
  params: idParams,
  run: async ({ caller, params }) => {
    const payment = await getTransaction(params.id);
    if (!payment) throw notFound('Payment not found');
    if (payment.businessSub !== caller.sub) throw forbidden('You can only see your own payments');
    return toTransactionDto(payment);
  },
});
