/** GET /business/ads/{id}: one business's ads, newest first, paged (pattern 16). Public to signed-in users. */
import * as z from 'zod';
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../lib/http';
import { notFound } from '../lib/errors';
import { pageQuery, pageReply } from '../lib/paging';
import { getBusinessById } from '../data/users';
import { listAdsOfBusiness } from '../data/ads';
import { toAdDto } from '../domain/ads';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('listBusinessAds', {
  params: idParams,
  query: z.object(pageQuery),
  run: async ({ caller, params, query }) => {
    const [business, page] = await Promise.all([getBusinessById(params.id), listAdsOfBusiness(params.id, query)]);
    if (!business || !maySee(business, business.cognitoId, caller)) throw notFound('Business not found');
    return pageReply(
      page.items.map((a) => toAdDto(a, business)),
      page.nextCursor,
    );
  },
});
