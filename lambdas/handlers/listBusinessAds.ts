/**
 * GET /business/ads/{id}: one business's Sponsored runs, newest first, paged (pattern 16). To the business itself
 * (and moderators): every run, whatever its state, with its dates, price and figures so far (My ads: the page's
 * Query and one BatchGet of the page's figures). To everyone else: only its live runs. Each run carries its
 * business's card (lambdas/model/copies.ts COPIES.businessCard); only an empty page reads the business, to answer 404 for one that
 * is gone or hidden.
 */
import * as z from 'zod';
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { gone, notFound } from '../lib/errors';
import { isClosed } from '../data/suspensions';
import { pageQuery, pageReply } from '../api/paging';
import { nowIso } from '../lib/clock';
import { listAdsOfBusiness } from '../data/ads';
import { adFigureTotals } from '../data/adFigures';
import { cardOfListOwner } from '../data/businesses';
import { toAdDto, toOwnAdDto } from '../domain/ads';
import { isShowing } from '../model/ads';
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
    if (caller.sub === business.cognitoId || caller.moderator) {
      const figures = await adFigureTotals(page.items.map((a) => a._id));
      return pageReply(
        page.items.map((a) => toOwnAdDto(a, business, figures.get(a._id))),
        page.nextCursor,
      );
    }
    const now = nowIso();
    return pageReply(
      page.items.filter((a) => isShowing(a, now)).map((a) => toAdDto(a, business)),
      page.nextCursor,
    );
  },
});
