/**
 * GET /ads: every ad, newest first, paged (pattern 15: one Query of GSI1 `ADS` per page), with the business's current
 * name, rating and badge from the card copied onto each ad (lambdas/data/businessCards.ts).
 */
import * as z from 'zod';
import { defineHandler } from '../lib/http';
import { cursorPosition, pageQuery, pageReply, positionCursor } from '../lib/paging';
import { listAllAds } from '../data/ads';
import { cardsOf } from '../data/businessCards';
import { toAdDto } from '../domain/ads';
import { maySee } from '../domain/moderation';

export const handler = defineHandler('listAds', {
  query: z.object(pageQuery),
  run: async ({ caller, query }) => {
    const page = await listAllAds({ limit: query.limit, before: cursorPosition(query.cursor) });
    const cards = await cardsOf(page.items);
    // A hidden business's ads leave the Sponsored strip (a page may come out shorter by them).
    const shown = page.items.filter((a) => {
      const card = cards.get(a.businessId);
      return !card || maySee(card, card.cognitoId, caller);
    });
    return pageReply(
      shown.map((a) => toAdDto(a, cards.get(a.businessId))),
      positionCursor(page.next),
    );
  },
});
