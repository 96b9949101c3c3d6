/**
 * How far an erasure (or the closing of an account) got: every write it makes is a step. A run may be stopped
 * between two steps, as a kill or a time limit would stop it: by a deadline (the job's time left), or after a
 * number of steps (the tests that kill an erasure half way and run it again: test/integration/erasure.test.ts).
 * A stopped run throws ErasureStopped; everything it did stays done, and the next run finishes the rest.
 */
export class ErasureStopped extends Error {
  constructor(readonly steps: number) {
    super(`Stopped after ${steps} steps`);
    this.name = 'ErasureStopped';
  }
}

export interface Progress {
  /** Called before each write: throws ErasureStopped once the run must stop. */
  step(): Promise<void>;
  /** Steps taken so far. */
  readonly steps: number;
}

export function progressOf(opts: { stopAfterSteps?: number; until?: number } = {}): Progress {
  let steps = 0;
  return {
    get steps() {
      return steps;
    },
    async step() {
      if (opts.stopAfterSteps !== undefined && steps >= opts.stopAfterSteps) throw new ErasureStopped(steps);
      if (opts.until !== undefined && Date.now() >= opts.until) throw new ErasureStopped(steps);
      steps++;
    },
  };
}
