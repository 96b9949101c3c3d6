/**
 * Plans as several screens show them: the signed-in business's plan and its use this month (GET /subscription, in
 * ./api), plan names and what each plan gives (from common/plans.ts), and the offer form's meter of the month's offers.
 */
export { billingKeys, billingQueryOptions, useBilling } from './api/get-billing';
export { OfferQuota, useOffersLeft } from './OfferQuota';
export { planName, quotaResetDay, usePlanFeatures } from './planTexts';
