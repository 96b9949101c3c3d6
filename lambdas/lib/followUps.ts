/**
 * Work a change leaves for the end of its request or job: a data write whose record other records copy notes the
 * copies' refresh here (lambdas/data/copies.ts), and the wrapper that started the work (the API's handler wrapper,
 * a scheduled job) runs what was noted before it answers, within a deadline. The same key noted twice runs once.
 * Outside such a scope (the stream's consumers, a script) nothing is kept: the stream does the work from the change.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from './log';

/** One piece of work: it gets the time (epoch ms) it must not start new writes after. */
export type FollowUp = (until: number) => Promise<unknown>;

const scope = new AsyncLocalStorage<Map<string, FollowUp>>();

/** Notes `work` under `key` for the end of the current request or job; nothing outside one. */
export function followUp(key: string, work: FollowUp): void {
  const noted = scope.getStore();
  if (noted && !noted.has(key)) noted.set(key, work);
}

/**
 * Runs `fn` in a scope of its own, then the work it noted (one after another, each until `until()`), and answers
 * what `fn` answered. A failure of the noted work is logged and left to the stream: the change itself is made.
 */
export async function withFollowUps<T>(fn: () => Promise<T>, opts: { until: () => number; log: Logger }): Promise<T> {
  const noted = new Map<string, FollowUp>();
  const result = await scope.run(noted, fn);
  for (const [key, work] of noted) {
    const until = opts.until();
    if (Date.now() >= until) {
      opts.log.info('Follow-up work left to the stream', { key });
      continue;
    }
    try {
      await work(until);
    } catch (err) {
      opts.log.warn('Follow-up work left to the stream after a failure', {
        key,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
    }
  }
  return result;
}
