/**
 * `npm run plans:lifecycle -- [--days <n>]`: the plans' lifecycle job on the running `npm start` stack (the cloud runs
 * it every hour; lambdas/jobs/planLifecycle.ts), as if `n` days had passed (default 0): with `--days 8` a grace
 * period started by `npm run payments:renew -- --business <email> --fail` is over, so the business falls back to
 * Basic (nothing deleted) and its subscription is cancelled at the local payment provider.
 */
import { parseArgs } from 'node:util';
import { pointAtLocalTable } from './localTable';

const { values } = parseArgs({ options: { days: { type: 'string' } } });
const days = Number(values.days ?? 0);
if (!Number.isFinite(days) || days < 0) {
  console.error('Usage: npm run plans:lifecycle -- [--days <n>]');
  process.exit(2);
}
const info = pointAtLocalTable();
Object.assign(process.env, {
  PAYMENTS_PROVIDER: 'local',
  PAYMENTS_API_URL: info.payments.url,
  PAYMENTS_TEST: 'true',
  PAYMENTS_PRICES: JSON.stringify(info.payments.prices),
  PAYMENTS_API_KEY: info.payments.apiKey,
  PAYMENTS_WEBHOOK_SECRET: info.payments.webhookSecret,
  LOG_LEVEL: 'silent',
});
const { runPlanLifecycle } = await import('../lambdas/jobs/planLifecycle');
const { createLogger } = await import('../lambdas/lib/log');
const at = new Date(Date.now() + days * 86_400_000);
const run = await runPlanLifecycle(at, createLogger({ handler: 'planLifecycle' }));
console.log(
  `Plans' lifecycle at ${at.toISOString()}: ${run.graceEnded} grace period(s) ended, ${run.downgraded} downgrade(s) applied, ${run.reports} monthly report(s) written.`,
);
