/**
 * The scheduled reconciliation of payments (an EventBridge schedule in the cloud: infra/constructs/paymentJobs.ts;
 * `npm run payments:reconcile` and a timer on `npm start`): reads the provider's transactions changed in the last
 * RECONCILE_WINDOW_HOURS and applies any change a lost webhook left behind (lambdas/domain/payments.ts
 * reconcilePayments), by the webhooks' rules. Each repair is logged and counted (PaymentsRepaired, alarmed: a repair
 * means a webhook was lost); a paid transaction that pays for none of our records is reported (PaymentsUnmatched,
 * alarmed; "paid, not matched" on the moderators' list). A stage whose payment keys are not set yet has nothing to
 * reconcile.
 */
import { RECONCILE_WINDOW_HOURS } from '../../common/payments';
import { countEvent, createLogger, type Logger } from '../lib/log';
import { reconcilePayments, type ReconcileResult } from '../domain/payments';
import { findPaymentProvider } from '../payments/provider';

export async function reconcileRecentPayments(
  now = new Date(),
  log: Logger = createLogger({ handler: 'reconcilePayments' }),
): Promise<ReconcileResult> {
  const provider = await findPaymentProvider();
  if (!provider) {
    log.warn('Payments are not set up: nothing to reconcile');
    return { checked: 0, repaired: 0, unmatched: 0 };
  }
  const since = new Date(now.getTime() - RECONCILE_WINDOW_HOURS * 3600_000);
  const result = await reconcilePayments(provider, since, log);
  if (result.repaired) countEvent('paymentRepaired', result.repaired);
  // Each paid transaction bound to no record was counted (PaymentsUnmatched) and logged as it was found.
  if (result.unmatched) log.warn('Paid transactions that pay for none of our records', { unmatched: result.unmatched });
  log.info('Payments reconciled', { ...result });
  return result;
}

export const handler = async () => reconcileRecentPayments();
