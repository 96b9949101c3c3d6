/** The price guide answers the component tests serve (GET /price-guide): furniture in Tirana, 23 offers. */
import type { PriceGuideAnswer } from '../../../common/priceGuide';

export const GUIDE_FIGURE = {
  count: 23,
  median: 1900,
  p25: 1200,
  p75: 2800,
  min: 700,
  max: 5200,
  updatedMonth: '2026-11',
};

/** Tirana's own figure for furniture. */
export const townGuideAnswer: PriceGuideAnswer = {
  service: 'furniture',
  town: 'Tirana',
  figure: { scope: 'town', ...GUIDE_FIGURE },
};
