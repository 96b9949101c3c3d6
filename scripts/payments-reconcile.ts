/**
 * `npm run payments:reconcile`: the reconciliation job on the running `npm start` stack (the cloud runs it every
 * hour): reads the local payment provider's transactions of the last 48 hours and repairs any payment a lost
 * webhook left behind (lambdas/jobs/reconcilePayments.ts). Prints what it looked at and repaired.
 */
import { pointAtLocalTable } from './localTable';

const info = pointAtLocalTable();
Object.assign(process.env, {
  PAYMENTS_PROVIDER: 'local',
  PAYMENTS_API_URL: info.payments.url,
  PAYMENTS_TEST: 'true',
  PAYMENTS_PRICES: JSON.stringify(info.payments.prices),
  PAYMENTS_API_KEY: info.payments.apiKey,
  PAYMENTS_WEBHOOK_SECRET: info.payments.webhookSecret,
  APP_URL: info.notifier.appUrl,
  LOG_LEVEL: 'silent',
});
const { reconcileRecentPayments } = await import('../lambdas/jobs/reconcilePayments');
const result = await reconcileRecentPayments();
console.log(`Reconciled ${result.checked} provider transaction(s) of the last 48 hours: ${result.repaired} repaired.`);
