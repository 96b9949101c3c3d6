/**
 * The scheduled privacy job (an EventBridge schedule in the cloud: infra/constructs/accountErasure.ts; locally
 * `npm start` runs it on a timer, the tests call it): for each closed account (lambdas/data/closures.ts),
 *  - it finishes what closing the account left undone (lambdas/privacy/closure.ts finishClosing: the request that
 *    closed it did what it could within its time; the reports of the person's chat messages are closed here), and
 *  - once ERASURE_DELAY_DAYS have passed, it erases the account (lambdas/privacy/erasure.ts).
 * Its reads are Queries and GetItems by key (no Scan). A run stops starting steps shortly before its time limit;
 * every step can run again, so the next run goes on where it stopped.
 */
import { ERASURE_JOB_TIMEOUT_SECONDS } from '../../common/privacy';
import { listClosures } from '../data/closures';
import { isErasureDue } from '../domain/privacy';
import { loadServiceAccount } from '../chat/serviceAccount';
import { createLogger, type Logger } from '../lib/log';
import { finishClosing } from '../privacy/closure';
import { eraseAccount } from '../privacy/erasure';
import { ErasureStopped, progressOf, type Progress } from '../privacy/progress';

/** The margin a run keeps before its time limit (ERASURE_JOB_TIMEOUT_SECONDS). */
const STOP_BEFORE_END_MS = 60_000;

export interface ErasureRun {
  closingFinished: number;
  erased: number;
  /** Steps (writes) taken. */
  steps: number;
  /** The run stopped before the end (its time, or the step limit given): the next run goes on. */
  stopped: boolean;
}

export async function eraseClosedAccounts(
  opts: { now?: string; progress?: Progress; log?: Logger } = {},
): Promise<ErasureRun> {
  const log = opts.log ?? createLogger({ handler: 'eraseClosedAccounts' });
  const progress = opts.progress ?? progressOf();
  const now = opts.now ?? new Date().toISOString();
  const run: ErasureRun = { closingFinished: 0, erased: 0, steps: 0, stopped: false };
  const closures = await listClosures();
  if (!closures.length) return run;
  const chat = await loadServiceAccount();
  try {
    for (const closure of closures) {
      if (isErasureDue(closure, now)) {
        await eraseAccount(closure, { chat, progress, log });
        run.erased++;
      } else if (!closure.closingDoneAt) {
        await finishClosing(closure, { chat, progress, log });
        run.closingFinished++;
      }
    }
  } catch (err) {
    if (!(err instanceof ErasureStopped)) throw err;
    run.stopped = true;
  }
  run.steps = progress.steps;
  return run;
}

export const handler = async () => {
  const log = createLogger({ handler: 'eraseClosedAccounts' });
  const until = Date.now() + ERASURE_JOB_TIMEOUT_SECONDS * 1000 - STOP_BEFORE_END_MS;
  const result = await eraseClosedAccounts({ log, progress: progressOf({ until }) });
  log.info('Closed accounts handled', { ...result });
  return result;
};
