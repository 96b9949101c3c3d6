/**
 * Charging a business through the payment provider and the transaction item that records every
 * charge (Completed, Pending or Refused alike).
 */
import { randomUUID } from 'node:crypto';
import { SUBSCRIPTION_PLANS, type PlanId } from '../../common/constants';
import type { Transaction } from '../../common/types';
import { chargeWithinLimits, paymentProvider } from '../payments/provider';
import type { StoredTransaction } from '../data/transactions';
import { imageUrl } from '../lib/images';

export interface Payer {
  sub: string;
  businessId: string;
  businessName: string;
}

export async function chargeBusiness(
  payer: Payer,
  charge: { amount: number; description: string; image?: string; purpose: StoredTransaction['purpose'] },
  /** The transaction's id, when the request names it (derived from its Idempotency-Key, see domain/idempotency.ts). */
  id: string = randomUUID(),
): Promise<StoredTransaction> {
  const provider = paymentProvider();
  // The transaction's id is the charge's idempotency key: a retried attempt cannot charge twice.
  // Nothing to charge (the Basic plan): recorded as a completed $0 transaction without the provider.
  const result =
    charge.amount === 0
      ? { status: 'Completed' as const, reference: `free_${randomUUID()}` }
      : await chargeWithinLimits(provider, {
          idempotencyKey: id,
          businessSub: payer.sub,
          amount: charge.amount,
          description: charge.description,
          image: charge.image,
        });
  return {
    id,
    businessSub: payer.sub,
    businessId: payer.businessId,
    clientName: payer.businessName,
    image: charge.image,
    date: new Date().toISOString(),
    amount: charge.amount,
    status: result.status,
    description: charge.description,
    sandbox: provider.sandbox,
    reference: result.reference,
    purpose: charge.purpose,
  };
}

const isPlanId = (id: string): id is PlanId => SUBSCRIPTION_PLANS.some((plan) => plan.id === id);

export const toTransactionDto = (t: StoredTransaction): Transaction => ({
  id: t.id,
  clientName: t.clientName,
  image: imageUrl(t.image),
  date: t.date,
  amount: t.amount,
  status: t.status,
  description: t.description,
  sandbox: t.sandbox,
  ...(t.purpose?.kind === 'ad' ? { purpose: { kind: 'ad' as const } } : {}),
  ...(t.purpose?.kind === 'plan' && isPlanId(t.purpose.plan)
    ? { purpose: { kind: 'plan' as const, plan: t.purpose.plan } }
    : {}),
});

export const refusedMessage = (what: string) => `Payment refused: the ${what} was not created. No money was taken.`;
