/**
 * GET /getBusinessFinishedJobs/{id}: a business's finished jobs (reviews), newest first, paged. Public to signed-in
 * users. Each job carries its business's card (lambdas/model/copies.ts COPIES.businessCard), whose owner and moderation's mark decide
 * who may see the list: a page is its one Query; only an empty page, or one whose jobs are too new to carry the card
 * yet (a review's job gets it from the refresh right after the review), reads the business.
 */
import * as z from 'zod';
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { gone, notFound } from '../lib/errors';
import { isClosed } from '../data/suspensions';
import { pageQuery, pageReply } from '../api/paging';
import { listFinishedJobsOfBusiness } from '../data/finishedJobs';
import { cardOfListOwner } from '../data/businesses';
import { toFinishedJobDto } from '../domain/reviews';
import { maySee, visibleTo } from '../domain/moderation';

export const handler = defineHandler('listBusinessFinishedJobs', {
  params: idParams,
  query: z.object(pageQuery),
  run: async ({ caller, params, query }) => {
    const page = await listFinishedJobsOfBusiness(params.id, query);
    const business = await cardOfListOwner(params.id, page.items);
    if (!business || !maySee(business, business.cognitoId, caller)) throw notFound('Business not found');
    // Its owner deleted the account: its lists are gone with its profile (from the process's copy of the closed accounts).
    if (await isClosed(business.cognitoId)) throw gone('This business deleted its account');
    // Hidden reviews only for the business itself and moderators; a page may come out shorter by the
    // hidden ones in it, the cursor still continues after them (docs/access-patterns.md, "Moderation").
    return pageReply(visibleTo(page.items, caller, business.cognitoId).map(toFinishedJobDto), page.nextCursor);
  },
});
