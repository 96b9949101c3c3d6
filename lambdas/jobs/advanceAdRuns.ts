/**
 * The scheduled job of Sponsored runs (an EventBridge schedule every AD_RUN_SCHEDULE_MINUTES in the cloud:
 * infra/constructs/adRunJobs.ts; a timer on `npm start`): scheduled runs whose first day came go live, live runs
 * whose AD_RUN_DAYS are over end (lambdas/domain/adRuns.ts advanceAdRuns: one Query of the due index, never a
 * Scan). Before it reads, the impressions this process holds are written. A failed run is retried by the next one:
 * everything it did not change is still due.
 */
import { createLogger, type Logger } from '../lib/log';
import { nowIso } from '../lib/clock';
import { advanceAdRuns } from '../domain/adRuns';
import { flushAdCounts } from '../data/adFigures';

export async function advanceSponsoredRuns(
  now = nowIso(),
  log: Logger = createLogger({ handler: 'advanceAdRuns' }),
): Promise<{ started: number; ended: number }> {
  await flushAdCounts();
  return advanceAdRuns(now, log);
}

export const handler = async () => advanceSponsoredRuns();
