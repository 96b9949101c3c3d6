/**
 * GET /business/offers/{id}: the business's own offers, newest first, each with a summary of its
 * post (pattern 12: one GSI2 query; the summary is the post's copy on each offer, lambdas/model/copies.ts COPIES.postSummary).
 * Only that business may list them.
 */
import * as z from 'zod';
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden } from '../lib/errors';
import { pageReply, wholeListQuery } from '../api/paging';
import { requireOwnRecordId } from '../data/accounts';
import { listOffersOfBusiness } from '../data/offers';
import { postSummaryOnOffer, toOfferDto } from '../domain/offers';

export const handler = defineHandler('listBusinessOffers', {
  params: idParams,
  // Offers of a business are shown whole on one screen: pages default to the maximum size.
  query: z.object(wholeListQuery),
  run: async ({ caller, params, query }) => {
    // The page is read beside the caller's check (not after it) and answered only once the check passes.
    const pageRead = listOffersOfBusiness(params.id, query);
    pageRead.catch(() => undefined);
    const businessId = await requireOwnRecordId(caller, 'business');
    if (params.id !== businessId) throw forbidden('Only the business itself can list its offers');
    const page = await pageRead;
    // A hidden post's summary is left out, as for a post that is gone.
    return pageReply(
      page.items.map((o) => toOfferDto(o, postSummaryOnOffer(o))),
      page.nextCursor,
    );
  },
});
