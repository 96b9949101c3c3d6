/**
 * The price guide: what clients and businesses agreed on, per service and town, from the offers clients
 * accepted (and the jobs finished) in the last PRICE_GUIDE_WINDOW_MONTHS months. Shared by the API and the web app.
 */
import type * as z from 'zod';
import type { priceFigureSchema, priceGuideAnswerSchema } from './schemas/answers';

/** Months a figure looks back over, the current (UTC) month included. */
export const PRICE_GUIDE_WINDOW_MONTHS = 12;

/** A figure is shown only when it rests on at least this many accepted offers ... */
export const PRICE_GUIDE_MIN_OFFERS = 5;
/** ... made by at least this many different businesses (so no single deal can be read back from it). */
export const PRICE_GUIDE_MIN_BUSINESSES = 3;

/**
 * Relative accuracy of every answered price (percentiles and range): prices are counted in buckets whose bounds
 * grow by a factor (1 + a) / (1 - a); a figure is its bucket's middle, at most this fraction away from the exact
 * price at that rank (nearest-rank percentiles). 0.02: at most 2 % off.
 */
export const PRICE_GUIDE_ACCURACY = 0.02;

/**
 * Figures are answered and shown rounded to this many significant digits ("1,260", not "1,262"): the buckets
 * make the last digit meaningless, and a round price reads as the estimate it is.
 */
export const PRICE_GUIDE_SIGNIFICANT_DIGITS = 3;

/**
 * How close a shown figure is to the exact price at its rank, in whole percent, as the method text states it: the
 * bucket's accuracy and the rounding's (at most half a unit of the last kept digit: 0.5 % with 3 digits) together.
 */
export const PRICE_GUIDE_STATED_ACCURACY_PERCENT = Math.ceil(
  ((1 + PRICE_GUIDE_ACCURACY) * (1 + 0.5 * 10 ** (1 - PRICE_GUIDE_SIGNIFICANT_DIGITS)) - 1) * 100,
);

/** How long a browser or CDN may keep a guide answer (seconds): the figures move only with accepted offers. */
export const PRICE_GUIDE_MAX_AGE_SECONDS = 300;

/** The answer of GET /price-guide (common/schemas/answers.ts): a figure in the stage's currency, rounded to PRICE_GUIDE_SIGNIFICANT_DIGITS significant digits. */
export type PriceFigure = z.infer<typeof priceFigureSchema>;
export type PriceGuideScope = PriceFigure['scope'];
/** GET /price-guide?service=&town= : the figure for the service in the town, else across Albania, else null. */
export type PriceGuideAnswer = z.infer<typeof priceGuideAnswerSchema>;
