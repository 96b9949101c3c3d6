/** GET /ads: every ad, newest first, paged (pattern 15), with the business's current name. */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { pageQuery, pageReply } from '../lib/paging';
import { listAllAds } from '../data/ads';
import { getBusinessesByIds } from '../data/batchReads';
import { toAdDto } from '../domain/ads';

export const handler = defineHandler('listAds', {
  query: z.object(pageQuery),
  run: async ({ query }) => {
    const page = await listAllAds(query);
    const businesses = await getBusinessesByIds(page.items.map((a) => a.businessId));
    return pageReply(page.items.map((a) => toAdDto(a, businesses.get(a.businessId))), page.nextCursor);
  },
});
