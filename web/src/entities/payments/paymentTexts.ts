/** How a payment's outcome is worded in the app (the provider's failure codes, each translated; others by a plain line). */
import type { Transaction } from '../../../../common/types';
import type { MessageId } from '../../i18n/catalog/en';

const FAILURES: Record<string, MessageId> = {
  declined: 'payments.failure.declined',
  declined_not_retryable: 'payments.failure.declined_not_retryable',
  authentication_failed: 'payments.failure.authentication_failed',
  expired_card: 'payments.failure.expired_card',
  insufficient_funds: 'payments.failure.insufficient_funds',
  canceled: 'payments.failure.canceled',
  provider_unavailable: 'payments.failure.provider_unavailable',
};

/** Why a refused payment was refused, as a message id. */
export const failureMessage = (payment: Pick<Transaction, 'failure'>): MessageId =>
  (payment.failure && FAILURES[payment.failure.code]) ?? 'payments.failure.other';
