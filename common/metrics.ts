/**
 * Business metrics the handlers emit (CloudWatch embedded metric format through lambdas/lib/log.ts) and
 * the stage dashboard shows (infra/constructs/monitoring.ts): one name each, used by both.
 */
export const METRICS_NAMESPACE = 'Marketplace';

export const BUSINESS_METRICS = {
  requestPosted: 'RequestsPosted',
  offerMade: 'OffersMade',
  offerAccepted: 'OffersAccepted',
} as const;
export type BusinessMetric = keyof typeof BUSINESS_METRICS;
