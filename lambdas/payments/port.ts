/**
 * The one payment port, shaped for a hosted checkout: the API never sees a card. It starts a checkout (the buyer
 * is sent to the provider's page), reads what the provider knows, refunds, changes or cancels a subscription,
 * and turns a signed webhook into our own events (./events.ts). The adapter is Paddle's API (./paddle.ts), which
 * the local provider (bin/local/paymentProvider.ts) serves too, so the code path of `npm start` is the cloud's.
 */
import type { AdjustmentAction, AdjustmentStatus, ChargeCurrency, PaymentProduct } from '../../common/payments';
import type { PaymentEvent } from './events';

/** What we attach to every checkout and find again in each webhook: our payment record's id and its buyer. */
export interface PaymentCustomData {
  paymentId: string;
  businessId: string;
}

export interface CheckoutRequest {
  /** Our payment record (written `pending` before the checkout starts; webhooks find it by this id). */
  paymentId: string;
  businessId: string;
  product: PaymentProduct;
  /** The amount and currency we told the buyer: the provider's price must say the same, else nothing starts. */
  amount: number;
  currency: ChargeCurrency;
  /** Where the provider sends the buyer to pay (the web app's pay step); it appends `?_ptxn=<transaction id>`. */
  payPageUrl: string;
}

export interface Checkout {
  /** The provider's transaction (Paddle.js opens its checkout by this id). */
  transactionId: string;
  /** Where to send the buyer: the pay page URL with the transaction appended. */
  url: string;
}

/** One line of a transaction or a subscription: the provider's price and how many. */
export interface ProviderItem {
  priceId: string;
  quantity: number;
}

/** A provider transaction, reduced to what we keep. */
export interface ProviderTransaction {
  id: string;
  /** Our reading of the provider's status. */
  status: 'pending' | 'completed' | 'failed' | 'canceled';
  /** What the buyer was charged (after any credit), in major units (20 for 20.00), in `currency`. */
  amount: number;
  /** What the items cost (with tax, after discounts), in major units: compared with a record's price. */
  total: number;
  currency: string;
  /** Its lines: which prices were bought. A checkout opened in a browser may name any price of the catalogue. */
  items: ProviderItem[];
  /**
   * The custom data the transaction carries. Anyone can open a checkout with any custom data (Paddle.js, the public
   * client token): it says which record the buyer claims to pay for, never what was paid for.
   */
  customData?: PaymentCustomData;
  subscriptionId?: string;
  /**
   * `checkout`: made by our API or by a browser's checkout; `renewal`: a subscription's monthly charge the provider
   * made by itself; `change`: a plan change's charge; `paymentMethod`: a new card given for a subscription.
   */
  origin: 'checkout' | 'renewal' | 'change' | 'paymentMethod' | 'other';
  /** Why the last payment attempt failed (the provider's code), when it did. */
  failureCode?: string;
  createdAt: string;
  updatedAt: string;
}

export interface ProviderSubscription {
  id: string;
  status: 'active' | 'past_due' | 'paused' | 'canceled' | 'trialing';
  /** Its lines and their currency. */
  items: ProviderItem[];
  currency?: string;
  /** The plan it bills: only when its items are exactly one of our plans' prices, once (anything else names none). */
  product?: PaymentProduct;
  customData?: PaymentCustomData;
  currentPeriodEnd?: string;
  nextBilledAt?: string;
  /** Set while a cancellation at the end of the period is scheduled. */
  cancelAt?: string;
  updatedAt: string;
}

/**
 * An adjustment of a transaction: a refund (asked by us; `pending_approval` until the provider approves it), a
 * chargeback (the buyer's bank took the money back; made by the provider), or a chargeback's reversal (the provider
 * won the dispute). Each has its own id: the key it is counted once by, whichever path tells of it.
 */
export interface ProviderAdjustment {
  id: string;
  action: AdjustmentAction;
  transactionId: string;
  status: AdjustmentStatus;
  /** In major units, in `currency`. */
  amount: number;
  currency: string;
  createdAt: string;
  updatedAt: string;
}

/** A provider answer that is the caller's mistake or a refusal (not a dependency fault): 4xx with its code. */
export class PaymentProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** A webhook whose signature is missing, wrong or too old: answered 401, nothing changed. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/** A correctly signed webhook whose body is not an event we can read: answered 400. */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookPayloadError';
  }
}

export interface PaymentPort {
  /** The provider's name and whether its payments are test payments (Paddle's sandbox, the local provider). */
  readonly name: 'paddle' | 'local';
  readonly test: boolean;
  startCheckout(request: CheckoutRequest): Promise<Checkout>;
  getTransaction(id: string): Promise<ProviderTransaction>;
  /** Transactions changed since `since` (ISO time), oldest first, all pages. */
  listTransactionsUpdatedSince(since: string): Promise<ProviderTransaction[]>;
  /** A link to the transaction's invoice (a PDF in the cloud; it expires, so it is asked for each time). */
  getInvoiceUrl(transactionId: string): Promise<string>;
  /** A refund of the whole transaction, or of `amount` of it. */
  refund(request: {
    transactionId: string;
    reason: string;
    amount?: number;
    fullAmount: number;
  }): Promise<ProviderAdjustment>;
  /** The adjustments of a transaction that move money (refunds, chargebacks and their reversals). */
  listAdjustments(transactionId: string): Promise<ProviderAdjustment[]>;
  /** Adjustments made since `since` (ISO time), newest first, all pages (the reconciliation's window). */
  listAdjustmentsCreatedSince(since: string): Promise<ProviderAdjustment[]>;
  getSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * Replaces the plan of a subscription. `now`: prorated and billed at once (an upgrade: the difference is charged
   * to the card on file; refused when the card is declined or there is none); `nextPeriod`: nothing billed now, the
   * next renewal bills the new plan's price (a downgrade, which takes effect at the end of the paid period).
   */
  changeSubscription(id: string, product: PaymentProduct, billing: 'now' | 'nextPeriod'): Promise<ProviderSubscription>;
  /** Cancels at the end of the paid period (the plan stays until then), or at once (`now`: an account closed, a grace period over). */
  cancelSubscription(id: string, when?: 'periodEnd' | 'now'): Promise<ProviderSubscription>;
  /** Withdraws a cancellation scheduled for the end of the period: the subscription renews again. */
  resumeSubscription(id: string): Promise<ProviderSubscription>;
  /**
   * A checkout where the business gives the card its subscription is charged to from now on (a past-due
   * subscription's checkout also pays the renewal that failed). Its URL is the web app's pay step with the
   * provider's transaction (the stage's default payment link).
   */
  paymentMethodCheckout(id: string): Promise<Checkout>;
  /**
   * Verifies the webhook's signature over its raw body (within WEBHOOK_TOLERANCE_SECONDS of `now`) and reads it:
   * our event, or `ignored` for an event type we do not act on. Throws WebhookSignatureError / WebhookPayloadError.
   */
  parseWebhook(rawBody: string, signature: string | undefined, now?: Date): Promise<PaymentEvent>;
}
