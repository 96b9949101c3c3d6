/**
 * The answer of a purchase as its idempotency record keeps it (`IDEMPOTENCY#{sub}#{key}` / `IDEMPOTENCY`);
 * lambdas/data/idempotency.ts reads and writes the record.
 */

export interface StoredAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}
