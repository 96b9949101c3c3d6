/**
 * The price guide (issue 23): what clients and businesses agreed on, per service and town, from the offers clients
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

/** How long a browser or CDN may keep a guide answer (seconds): the figures move only with accepted offers. */
export const PRICE_GUIDE_MAX_AGE_SECONDS = 300;

/** The answer of GET /price-guide (common/schemas/answers.ts): a figure in the stage's currency, rounded to whole units. */
export type PriceFigure = z.infer<typeof priceFigureSchema>;
export type PriceGuideScope = PriceFigure['scope'];
/** GET /price-guide?service=&town= : the figure for the service in the town, else across Albania, else null. */
export type PriceGuideAnswer = z.infer<typeof priceGuideAnswerSchema>;
