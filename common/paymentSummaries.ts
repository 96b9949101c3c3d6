import type { PlanId } from './constants';

/**
 * What a payment bought, as a message id of the web catalogues and its values (the app words it in the reader's
 * language; the API's `description` stays the English text): a Sponsored run (its service, a category id, and its
 * towns, none: the whole country; `payments.item.ad` when its payment holds no targeting), a plan's first month,
 * a plan's renewal or prorated change, or a payment that matched no purchase.
 */
export const PAYMENT_SUMMARY_MESSAGES = [
  'payments.item.adRun',
  'payments.item.ad',
  'payments.item.plan',
  'payments.item.renewal',
  'payments.item.unmatched',
] as const;
export type PaymentSummaryMessage = (typeof PAYMENT_SUMMARY_MESSAGES)[number];
export interface PaymentSummary {
  message: PaymentSummaryMessage;
  values: { service?: string; towns?: string[]; plan?: PlanId };
}
