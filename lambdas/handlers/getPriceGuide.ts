/**
 * GET /price-guide?service=&town= (no sign-in, cacheable): the price guide's figure for a service in a town (one
 * GetItem), or across Albania when the town's rests on too few offers or businesses (a second), or null
 * (lambdas/data/priceGuide.ts readFigure). Without a town: the figure across Albania.
 */
import { PRICE_GUIDE_MAX_AGE_SECONDS, type PriceGuideAnswer } from '../../common/priceGuide';
import { priceGuideQuery } from '../../common/schemas/priceGuide';
import { readFigure } from '../data/priceGuide';
import { definePublicReadHandler } from '../api/http';

export const handler = definePublicReadHandler('getPriceGuide', {
  query: priceGuideQuery,
  cacheControl: `public, max-age=${PRICE_GUIDE_MAX_AGE_SECONDS}`,
  run: async ({ query: { service, town } }): Promise<PriceGuideAnswer> => ({
    service,
    ...(town === undefined ? {} : { town }),
    figure: await readFigure(service, town),
  }),
});
