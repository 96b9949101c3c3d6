/**
 * Which provider transaction may complete which payment record. A webhook's custom data proves nothing: Paddle.js
 * opens a checkout from any browser for any price of the seller's catalogue with any custom data (the client token
 * is public). So a record completes only from the transaction its own checkout started (the id stored on it, and
 * found again through its lookup); a transaction that comes before that id is stored (an early webhook) is accepted
 * only when it is for the record's business and its one line is the record's price, once, at the record's amount
 * and currency. Anything else is refused: nothing changes, and a completed one is kept as "paid, not matched" for
 * moderators to refund (lambdas/domain/payments.ts).
 */
import type { UnmatchedReason } from '../../common/payments';
import type { ProviderTransaction } from '../payments/port';
import type { StoredTransaction } from '../model/payments';

export type Binding = { bound: true; byId: boolean } | { bound: false; reason: UnmatchedReason };

const cents = (n: number) => Math.round(n * 100);

/**
 * Whether `txn` may move `record`. `priceId`: the provider's price of the record's product (its own, else the
 * stage's). `byLookup`: the record was found through the transaction's own lookup (the id our checkout stored).
 */
export function bindTransaction(
  record: Pick<StoredTransaction, 'businessId' | 'providerTransactionId' | 'amount' | 'currency'>,
  txn: Pick<ProviderTransaction, 'id' | 'customData' | 'items' | 'total' | 'currency'>,
  priceId: string | undefined,
  byLookup = false,
): Binding {
  if (byLookup || record.providerTransactionId === txn.id) return { bound: true, byId: true };
  if (record.providerTransactionId) return { bound: false, reason: 'otherTransaction' };
  if (txn.customData?.businessId !== record.businessId) return { bound: false, reason: 'otherBusiness' };
  const [item, ...others] = txn.items;
  if (!priceId || !item || others.length > 0 || item.priceId !== priceId || item.quantity !== 1)
    return { bound: false, reason: 'otherPrice' };
  if (!record.currency || txn.currency !== record.currency) return { bound: false, reason: 'otherCurrency' };
  if (cents(txn.total) !== cents(record.amount)) return { bound: false, reason: 'otherAmount' };
  return { bound: true, byId: false };
}
