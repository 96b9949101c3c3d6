/**
 * The scheduled reconciliation of payments (an EventBridge schedule in the cloud: infra/constructs/paymentJobs.ts;
 * `npm run payments:reconcile` and a timer on `npm start`): reads the provider's transactions changed in the last
 * RECONCILE_WINDOW_HOURS and applies any change a lost webhook left behind (lambdas/domain/payments.ts
 * reconcilePayments). Each repair is logged and counted (PaymentsRepaired, alarmed: a repair means a webhook was
 * lost). A stage whose payment keys are not set yet has nothing to reconcile.
 */
import { RECONCILE_WINDOW_HOURS } from '../../common/payments';
import { countEvent, createLogger, type Logger } from '../lib/log';
import { reconcilePayments } from '../domain/payments';
import { findPaymentProvider } from '../payments/provider';

export async function reconcileRecentPayments(
  now = new Date(),
  log: Logger = createLogger({ handler: 'reconcilePayments' }),
): Promise<{ checked: number; repaired: number }> {
  const provider = await findPaymentProvider();
  if (!provider) {
    log.warn('Payments are not set up: nothing to reconcile');
    return { checked: 0, repaired: 0 };
  }
  const since = new Date(now.getTime() - RECONCILE_WINDOW_HOURS * 3600_000);
  const result = await reconcilePayments(provider, since, log);
  if (result.repaired) countEvent('paymentRepaired', result.repaired);
  log.info('Payments reconciled', result);
  return result;
}

export const handler = async () => reconcileRecentPayments();
