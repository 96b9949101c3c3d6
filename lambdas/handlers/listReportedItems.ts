/**
 * GET /moderation/reports?status=open|hidden|dismissed|suspended&limit=&cursor= (moderators): the queue of one
 * status, one entry per reported item with its counts; open oldest first, decided newest decision first.
 */
import { defineHandler } from '../api/http';
import { pageReply } from '../api/paging';
import { reportsQuery } from '../../common/schemas/moderation';
import { listReportedItems } from '../data/moderation';

export const handler = defineHandler('listReportedItems', {
  query: reportsQuery,
  run: async ({ query }) => {
    const page = await listReportedItems(query.status, query);
    return pageReply(page.items, page.nextCursor);
  },
});
