/**
 * GET /moderation/verifications (moderators): the verification requests waiting for a decision, oldest first,
 * paged like every list, each with the business's current name and town (one BatchGet per page) and the
 * document's address (moderators only).
 */
import { verificationQueueQuery } from '../../common/schemas/verification';
import { defineHandler } from '../lib/http';
import { pageReply } from '../lib/paging';
import { getBusinessesByIds } from '../data/batchReads';
import { listPendingVerifications } from '../data/verifications';
import { toPendingDto } from '../domain/verification';

export const handler = defineHandler('listPendingVerifications', {
  query: verificationQueueQuery,
  run: async ({ query }) => {
    const page = await listPendingVerifications(query);
    const businesses = await getBusinessesByIds(page.items.map((v) => v.businessId));
    return pageReply(
      page.items.map((v) => toPendingDto(v, businesses.get(v.businessId))),
      page.nextCursor,
    );
  },
});
