/**
 * GET /price-guide?service=&town= (no sign-in, cacheable): the price guide's figure for a service in a town (one
 * GetItem), or across Albania when the town's rests on too few offers or businesses (a second), or null
 * (lambdas/domain/priceGuide.ts). Without a town: the figure across Albania.
 */
import { PRICE_GUIDE_MAX_AGE_SECONDS, type PriceGuideAnswer } from '../../common/priceGuide';
import { priceGuideQuery } from '../../common/schemas/priceGuide';
import { readArea } from '../data/priceGuide';
import { figureOf } from '../domain/priceGuide';
import { definePublicReadHandler } from '../lib/http';

export const handler = definePublicReadHandler('getPriceGuide', {
  query: priceGuideQuery,
  cacheControl: `public, max-age=${PRICE_GUIDE_MAX_AGE_SECONDS}`,
  run: async ({ query: { service, town } }): Promise<PriceGuideAnswer> => {
    const inTown = town === undefined ? undefined : figureOf((await readArea(service, town)) ?? emptyArea(), 'town');
    const figure = inTown ?? figureOf((await readArea(service)) ?? emptyArea(), 'country') ?? null;
    return { service, ...(town === undefined ? {} : { town }), figure };
  },
});

const emptyArea = () => ({ buckets: new Map<number, number>(), businesses: new Set<string>() });
