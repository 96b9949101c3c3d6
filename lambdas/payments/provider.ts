/**
 * The one payment-provider interface. The product has no real payment processor yet: the default
 * provider is a sandbox that completes every charge at once, and every transaction it produces is
 * recorded with `sandbox: true` so the app can label it. A real provider plugs in here (and
 * PAYMENTS_SANDBOX=false); until one exists, charging outside the sandbox fails loudly.
 */
import { randomUUID } from 'node:crypto';
import type { TransactionStatus } from '../../common/constants';
import { config } from '../lib/config';

export interface ChargeRequest {
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
