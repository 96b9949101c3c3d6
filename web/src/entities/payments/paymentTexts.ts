/**
 * How a payment is worded in the app, in the reader's language: what was bought (the API's `summary`, a message id
 * of the catalogue and its values: common/paymentSummaries.ts), what happened to a run its business
 * cancelled or stopped (`runStop`), and why a refused payment was refused (each of the provider's failure codes has
 * its message in both languages; any other code reads as a plain refusal). The business's Transactions page and
 * the moderators' Payments list word a payment the same way.
 */
import { useCallback } from 'react';
import { isPaymentFailureCode, type TransactionStatus } from '../../../../common/payments';
import type { Transaction } from '../../../../common/types';
import type { MessageId } from '../../i18n/catalog/en';
import { useFormat } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { useCategories } from '../../lib/categories';

/** What a payment's status reads (the spec's Pending, Completed, Refused, and Refunded), as a message id. */
export const STATUS_MESSAGES: Record<TransactionStatus, MessageId> = {
  Pending: 'settings.transactions.status.pending',
  Completed: 'settings.transactions.status.completed',
  Refused: 'settings.transactions.status.refused',
  Refunded: 'settings.transactions.status.refunded',
};

/** Why a refused payment was refused, as a message id. */
export const failureMessage = (payment: Pick<Transaction, 'failure'>): MessageId => {
  const code = payment.failure?.code;
  return isPaymentFailureCode(code) ? `payments.failure.${code}` : 'payments.failure.other';
};

/** Towns as a list in the reader's language ("Tiranë, Durrës dhe Vlorë" / "Tiranë, Durrës and Vlorë"). */
export function useTownList() {
  const t = useT();
  return useCallback(
    (towns: readonly string[]) => {
      if (towns.length <= 1) return towns[0] ?? '';
      return t('payments.list', { items: towns.slice(0, -1).join(', '), last: towns[towns.length - 1] });
    },
    [t],
  );
}

/** What a payment bought, in the reader's language ("Fushatë e sponsorizuar: Dekor, Tiranë"). */
export function usePaymentItem() {
  const t = useT();
  const { names } = useCategories();
  const townList = useTownList();
  return useCallback(
    (payment: Pick<Transaction, 'summary'>) => {
      const { message, values } = payment.summary;
      return t(message, {
        service: values.service ? names([values.service])[0] : t('ads.run.anyService'),
        towns: values.towns?.length ? townList(values.towns) : t('ads.run.wholeCountry'),
        plan: values.plan ? t(`services.plan.${values.plan}`) : '',
      });
    },
    [t, names, townList],
  );
}

/** What happened to the run a payment paid for, when its business cancelled or stopped it (else undefined). */
export function useRunStopText() {
  const t = useT();
  const format = useFormat();
  return useCallback(
    (payment: Pick<Transaction, 'runStop' | 'currency'>) => {
      const stop = payment.runStop;
      if (!stop) return undefined;
      const values = {
        date: format.dateTime(stop.at),
        days: stop.daysLeft,
        amount: format.money(stop.refund, 2, payment.currency),
      };
      if (stop.refund <= 0) return t('payments.runStop.nothing', values);
      return t(stop.kind === 'cancel' ? 'payments.runStop.cancel' : 'payments.runStop.stop', values);
    },
    [t, format],
  );
}
