/** Plans: the plans page, Settings > Plan and billing and Statistics, and the offer form's meter of the month's offers. */
export { PlanBilling } from './PlanBilling';
export { Statistics } from './Statistics';
export { OfferQuota, useOffersLeft } from './OfferQuota';
export { billingKeys } from './api/get-billing';
