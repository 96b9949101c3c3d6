/** GET /ads: every ad, newest first, paged (pattern 15: one Query of GSI1 `ADS` per page), with the business's current name. */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { cursorPosition, pageQuery, pageReply, positionCursor } from '../lib/paging';
import { listAllAds } from '../data/ads';
import { getBusinessesByIds } from '../data/batchReads';
import { toAdDto } from '../domain/ads';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('listAds', {
  query: z.object(pageQuery),
  run: async ({ caller, query }) => {
    const page = await listAllAds({ limit: query.limit, before: cursorPosition(query.cursor) });
    const businesses = await getBusinessesByIds(page.items.map((a) => a.businessId));
    // A hidden business's ads leave the Sponsored strip (a page may come out shorter by them).
    const shown = page.items.filter((a) => {
      const b = businesses.get(a.businessId);
      return !b || maySee(b, b.cognitoId, caller);
    });
    return pageReply(
      shown.map((a) => toAdDto(a, businesses.get(a.businessId))),
      positionCursor(page.next),
    );
  },
});
