/**
 * GET /business/ads/{id}: one business's ads, newest first, paged (pattern 16). Public to signed-in users. Each ad
 * carries its business's card (lambdas/data/businessCards.ts): a page is its one Query; only an empty page (or one
 * stored before the copies) reads the business, to answer 404 for one that is gone or hidden.
 */
import * as z from 'zod';
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../lib/http';
import { gone, notFound } from '../lib/errors';
import { isClosed } from '../data/suspensions';
import { pageQuery, pageReply } from '../lib/paging';
import { listAdsOfBusiness } from '../data/ads';
import { cardOfListOwner } from '../data/businessCards';
import { toAdDto } from '../domain/ads';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('listBusinessAds', {
  params: idParams,
  query: z.object(pageQuery),
  run: async ({ caller, params, query }) => {
    const page = await listAdsOfBusiness(params.id, query);
    const business = await cardOfListOwner(params.id, page.items);
    if (!business || !maySee(business, business.cognitoId, caller)) throw notFound('Business not found');
    // Its owner deleted the account: its lists are gone with its profile (from the process's copy of the closed accounts).
    if (await isClosed(business.cognitoId)) throw gone('This business deleted its account');
    return pageReply(
      page.items.map((a) => toAdDto(a, business)),
      page.nextCursor,
    );
  },
});
