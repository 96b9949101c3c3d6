/**
 * How a payment's outcome is worded in the app: each of the provider's failure codes (common/payments.ts
 * PAYMENT_FAILURE_CODES) has its message in both languages; any other code reads as a plain refusal.
 */
import { isPaymentFailureCode } from '../../../../common/payments';
import type { Transaction } from '../../../../common/types';
import type { MessageId } from '../../i18n/catalog/en';

/** Why a refused payment was refused, as a message id. */
export const failureMessage = (payment: Pick<Transaction, 'failure'>): MessageId => {
  const code = payment.failure?.code;
  return isPaymentFailureCode(code) ? `payments.failure.${code}` : 'payments.failure.other';
};
