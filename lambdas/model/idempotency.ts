/**
 * A purchase's idempotency record as stored (`IDEMPOTENCY#{sub}#{key}` / `IDEMPOTENCY`) and the answer it keeps;
 * lambdas/data/idempotency.ts reads and writes the record.
 */
export interface StoredAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface IdempotencyRecord {
  /** Hash of the request body the key was first used with. */
  requestHash: string;
  state: 'IN_PROGRESS' | 'DONE';
  /** While IN_PROGRESS: epoch ms after which the request is taken as lost and may be claimed again. */
  lockedUntil: number;
  answer?: StoredAnswer;
}
