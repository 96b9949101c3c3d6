/**
 * Business metrics the handlers emit (CloudWatch embedded metric format through lambdas/lib/log.ts) and
 * the stage dashboard shows (infra/constructs/monitoring.ts): one name each, used by both.
 */
export const METRICS_NAMESPACE = 'Marketplace';

export const BUSINESS_METRICS = {
  requestPosted: 'RequestsPosted',
  offerMade: 'OffersMade',
  offerAccepted: 'OffersAccepted',
  /** Payment webhooks refused for a missing, wrong or old signature (an alarm watches it: infra/constructs/monitoring.ts). */
  webhookSignatureRejected: 'PaymentWebhookSignaturesRejected',
  /** Payments the reconciliation job had to repair (a lost webhook; alarmed). */
  paymentRepaired: 'PaymentsRepaired',
  /** Paid provider transactions that pay for none of our records ("paid, not matched": refund them; alarmed). */
  paymentUnmatched: 'PaymentsUnmatched',
} as const;
export type BusinessMetric = keyof typeof BUSINESS_METRICS;
