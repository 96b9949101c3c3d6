/**
 * Payments as the API, the web app and the emails share them: the states of a payment record, how each is shown,
 * what the stage charges in which currency, the web app's pay step and result page, and the provider's adjustments
 * (refunds, chargebacks) as payment records keep them.
 *
 * A payment goes through the provider's hosted checkout (Paddle in the cloud, the local provider on `npm start`):
 * the API records it `pending`, the buyer pays on the provider's page, and the provider's signed webhook moves it
 * to `completed`, `failed` or `canceled`; a moderator's refund moves a completed one to `refunded`
 * (lambdas/domain/paymentStates.ts is the state machine).
 */
import { SUBSCRIPTION_PLANS, type PlanId } from './constants';
import type { Currency } from './languages';

/** The states of a payment record. `failed`: the last card was declined (the buyer may still pay with another). */
export const PAYMENT_STATES = ['pending', 'completed', 'failed', 'canceled', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What the Transactions page shows for each state (the spec's Pending, Completed, Refused, and Refunded). */
export const TRANSACTION_STATUSES = ['Pending', 'Completed', 'Refused', 'Refunded'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const STATUS_OF_STATE: Record<PaymentState, TransactionStatus> = {
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Refused',
  canceled: 'Refused',
  refunded: 'Refunded',
};

/** Currencies the payment provider can charge. Paddle has no Albanian lek among its charge currencies. */
export const CHARGE_CURRENCIES = ['EUR', 'USD'] as const;
export type ChargeCurrency = (typeof CHARGE_CURRENCIES)[number];

/**
 * The currency a stage charges in: its display currency when the provider can charge it, else EUR (a stage shown
 * in lek charges euros, and says so before the buyer pays).
 */
export const chargeCurrencyOf = (display: Currency): ChargeCurrency =>
  (CHARGE_CURRENCIES as readonly string[]).includes(display) ? (display as ChargeCurrency) : 'EUR';

/** The price of each plan a month, in the stage's charge currency (an ad run costs AD_PRICE, common/constants.ts). */
export const planPrice = (plan: PlanId) => SUBSCRIPTION_PLANS.find((p) => p.id === plan)!.pricePerMonth;

/** What a payment buys: an ad (one 7-day run), or a monthly plan (a subscription that renews). */
export const PAYMENT_PRODUCTS = ['adRun', 'standard', 'premium'] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];
export const productOfPlan = (plan: Exclude<PlanId, 'basic'>): PaymentProduct => plan;

/**
 * Why a completed provider transaction paid for none of our records ("paid, not matched": moderators refund it):
 * it names a record bound to another transaction, or another business's; its price, amount or currency is not the
 * record's product's; it names no record of ours; or it charges a subscription that pays for no plan of the business.
 */
export const UNMATCHED_REASONS = [
  'otherTransaction',
  'otherBusiness',
  'otherPrice',
  'otherAmount',
  'otherCurrency',
  'noRecord',
  'otherSubscription',
] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

/** The product a purchase is of: an ad run, or a plan's month. */
export const productOfPurchase = (purpose: { kind: string; plan?: string }): PaymentProduct | undefined =>
  purpose.kind === 'ad'
    ? 'adRun'
    : purpose.kind === 'plan' && (purpose.plan === 'standard' || purpose.plan === 'premium')
      ? purpose.plan
      : undefined;

/**
 * Why a payment attempt failed: Paddle's `transaction.payments[].error_code` values
 * (https://developer.paddle.com/api-reference/transactions/overview), and ours: `provider_unavailable` (the
 * checkout could not be started). The web app and the emails word each in both languages
 * (common/i18n/catalog/{sq,en}/payments.ts `payments.failure.<code>`); any other code reads as a plain refusal.
 */
export const PAYMENT_FAILURE_CODES = [
  'already_canceled',
  'already_refunded',
  'authentication_failed',
  'blocked_card',
  'canceled',
  'declined',
  'declined_not_retryable',
  'expired_card',
  'fraud',
  'invalid_amount',
  'invalid_payment_details',
  'issuer_unavailable',
  'not_enough_balance',
  'preferred_network_not_supported',
  'psp_error',
  'redacted_payment_method',
  'system_error',
  'transaction_not_permitted',
  'unknown',
  'provider_unavailable',
] as const;
export type PaymentFailureCode = (typeof PAYMENT_FAILURE_CODES)[number];
export const isPaymentFailureCode = (code: string | undefined): code is PaymentFailureCode =>
  (PAYMENT_FAILURE_CODES as readonly (string | undefined)[]).includes(code);

/** The longest reason a moderator may give for a refund (shown to the business). */
export const REFUND_REASON_MAX = 500;

/** Which providers exist: Paddle (the cloud) and the local provider (`npm start`, the tests). */
export const PAYMENT_PROVIDERS = ['paddle', 'local'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * What the web app needs to take a payment (config.json `payments`): the currency charged, and how the pay step
 * opens the provider's checkout: Paddle.js with the stage's client-side token, or the local provider's page.
 */
export interface PaymentsRuntimeConfig {
  provider: PaymentProviderName;
  chargeCurrency: ChargeCurrency;
  /** Paddle: the environment of the client-side token (`sandbox` payments are test payments). */
  environment?: 'sandbox' | 'production';
  /** Paddle: the client-side token Paddle.js is initialised with (public by design; the local provider has one too). */
  clientToken?: string;
  /** Where Paddle.js is loaded from: Paddle's CDN unless set (the local provider serves a stand-in of it). */
  paddleJsUrl?: string;
  /** Local: the local provider's address (its checkout page is `{localProviderUrl}/checkout/{transactionId}`). */
  localProviderUrl?: string;
}

/** The web app's pay step (opened by the checkout URL the API answers, with `?_ptxn=<provider transaction>`). */
export const PAY_PATH = '/pay/:paymentId';
/**
 * The pay step of a subscription's card (`?_ptxn=<provider transaction>`): the provider's checkout where the business
 * gives the card renewals are charged to (a past-due renewal is paid with it); back to Plan and billing after.
 */
export const CARD_PAY_PATH = '/pay/card';
/** The page the buyer comes back to: it follows the payment until it is Completed or Refused. */
export const PAYMENT_RESULT_PATH = '/payment/:paymentId';
/** Whether an address is a payment's result page (the app says there, from its first moment, what it waits for). */
export const isPaymentResultPath = (pathname: string) => /^\/payment\/[^/]+\/?$/.test(pathname);
export const payPath = (paymentId: string) => PAY_PATH.replace(':paymentId', encodeURIComponent(paymentId));
export const paymentResultPath = (paymentId: string) =>
  PAYMENT_RESULT_PATH.replace(':paymentId', encodeURIComponent(paymentId));
/** The query parameter the provider appends to a checkout URL: the provider's transaction id. */
export const CHECKOUT_TRANSACTION_PARAM = '_ptxn';

/** The webhook route's path (common/routes.ts) and the provider's signature header. */
export const PAYMENT_WEBHOOK_PATH = '/payments/webhook';
export const PAYMENT_SIGNATURE_HEADER = 'Paddle-Signature';
/** A webhook signed longer ago than this is refused (a replayed delivery). */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/** The reconciliation job reads the provider's transactions changed in this window. */
export const RECONCILE_WINDOW_HOURS = 48;
/** How often the reconciliation job runs (a schedule in the cloud, a timer on `npm start`). */
export const RECONCILE_SCHEDULE_MINUTES = 60;

/**
 * The part of a payment's id its lists show, the same for the business and the moderators (enough to tell rows
 * apart and match them): its last characters, random in our ids and in the provider's (whose first ones are a time).
 */
export const SHORT_ID_LENGTH = 8;
export const shortId = (id: string) => id.slice(-SHORT_ID_LENGTH);

/** What an adjustment does to its transaction (Paddle's `action`); the others (credits, warnings) move no money back. */
export const ADJUSTMENT_ACTIONS = ['refund', 'chargeback', 'chargeback_reverse'] as const;
export type AdjustmentAction = (typeof ADJUSTMENT_ACTIONS)[number];
export const ADJUSTMENT_STATUSES = ['pending_approval', 'approved', 'rejected', 'reversed'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
