/**
 * The one payment-provider interface. The product has no real payment processor yet: the default
 * provider is a sandbox that completes every charge at once, and every transaction it produces is
 * recorded with `sandbox: true` so the app can label it. A real provider plugs in here (and
 * PAYMENTS_SANDBOX=false); until one exists, charging outside the sandbox fails loudly.
 *
 * Every charge goes through `chargeWithinLimits`: each attempt is bounded by the API's request timeout
 * and a failed attempt (timeout, connection refused, throttling, a 5xx) is retried with backoff a
 * bounded number of times (lambdas/lib/dependencies.ts). Retrying is safe because every charge carries
 * an idempotency key, which a real provider must honour: the same key never charges twice.
 */
import { randomUUID } from 'node:crypto';
import type { TransactionStatus } from '../../common/constants';
import { config } from '../lib/config';
import { callDependency } from '../lib/dependencies';

export interface ChargeRequest {
  /** The same key on a repeated attempt means the same charge (never charged twice). */
  idempotencyKey: string;
  /** Cognito sub of the paying business. */
  businessSub: string;
  /** In US dollars. */
  amount: number;
  description: string;
  /** Stored image key shown next to the charge (the ad image). */
  image?: string;
}

export interface ChargeResult {
  status: TransactionStatus;
  /** The provider's reference of the charge. */
  reference: string;
  /** Why a charge was refused, when the provider says. */
  reason?: string;
}

export interface PaymentProvider {
  /** True when charges are not real money (the transaction is labelled sandbox). */
  readonly sandbox: boolean;
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export const sandboxProvider: PaymentProvider = {
  sandbox: true,
  async charge() {
    return { status: 'Completed', reference: `sandbox_${randomUUID()}` };
  },
};

let override: PaymentProvider | undefined;

/** Swap the provider (tests; a real provider later). `undefined` restores the default. */
export function setPaymentProvider(provider: PaymentProvider | undefined) {
  override = provider;
}

export function paymentProvider(): PaymentProvider {
  if (override) return override;
  if (config.paymentsSandbox) return sandboxProvider;
  throw new Error('PAYMENTS_SANDBOX is false but no real payment provider is configured');
}

/** A charge through the current provider, with the API's timeout and bounded retries. */
export function chargeWithinLimits(provider: PaymentProvider, request: ChargeRequest): Promise<ChargeResult> {
  return callDependency('The payment provider', () => provider.charge(request));
}
