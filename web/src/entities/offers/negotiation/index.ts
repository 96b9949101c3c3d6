/**
 * Negotiation of offers: an offer's terms, its history with counter-offers, the business's answer,
 * and the compare view. The counter form and the compare view (form library, schema, table) load when first
 * opened; `preloadCounterForm` / `preloadCompareOffers` fetch them ahead on hover or focus of their buttons.
 */
import { lazy } from 'react';

export { OfferTerms } from './OfferTerms';
export { NegotiationThread } from './NegotiationThread';
export { BusinessAnswer } from './BusinessAnswer';
export { COMPARE_LIMIT, OFFER_SORTS, sortOffers, type OfferSort } from './sortOffers';

const loadCounterForm = () => import('./CounterForm');
export const CounterForm = lazy(() => loadCounterForm().then((m) => ({ default: m.CounterForm })));
export const preloadCounterForm = () => void loadCounterForm();

const loadCompareOffers = () => import('./CompareOffers');
export const CompareOffers = lazy(() => loadCompareOffers().then((m) => ({ default: m.CompareOffers })));
export const preloadCompareOffers = () => void loadCompareOffers();
