/** GET /moderation/payments: every business's payments, newest first, paged (one Query of GSI2 `PAYMENTS`), for moderators. */
import * as z from 'zod';
import { defineHandler } from '../api/http';
import { pageQuery, pageReply } from '../api/paging';
import { listAllTransactions } from '../data/transactions';
import { toModerationPaymentDto } from '../domain/payments';

export const handler = defineHandler('listPayments', {
  query: z.object(pageQuery),
  run: async ({ query }) => {
    const page = await listAllTransactions(query);
    return pageReply(page.items.map(toModerationPaymentDto), page.nextCursor);
  },
});
