/**
 * The Idempotency-Key of a payment (common/constants.ts IDEMPOTENCY_KEY_HEADER): a fresh key for each
 * thing the user pays for, the same key while that same payment is tried again (after a lost answer or
 * an error), so the server charges it once. Once the payment went through, the next one gets a new key.
 */
import { useMemo, useRef } from 'react';
import { IDEMPOTENCY_KEY_HEADER } from '../../../common/constants';
import type { RequestHeaders } from './api';

/** The request header that carries a payment's key. */
export const idempotencyHeaders = (key: string): RequestHeaders => ({ [IDEMPOTENCY_KEY_HEADER]: key });

export function useIdempotencyKey() {
  const current = useRef<{ action: string; key: string } | null>(null);
  return useMemo(
    () => ({
      /** The key for `action` (what is paid for, as text): the same one while the same action is retried. */
      keyFor(action: string): string {
        if (current.current?.action !== action) current.current = { action, key: crypto.randomUUID() };
        return current.current.key;
      },
      /** The action went through: the next one gets a fresh key. */
      done(): void {
        current.current = null;
      },
    }),
    [],
  );
}
