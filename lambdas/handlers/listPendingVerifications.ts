/**
 * GET /moderation/verifications (moderators): the verification requests waiting for a decision, oldest first,
 * paged like every list, each with the business's current name and town (copied onto the request: one Query, see
 * lambdas/model/copies.ts COPIES.verificationName) and the document's address (moderators only).
 */
import { verificationQueueQuery } from '../../common/schemas/verification';
import { defineHandler } from '../api/http';
import { pageReply } from '../api/paging';
import { listPendingVerifications } from '../data/verifications';
import { toPendingDto } from '../domain/verification';

export const handler = defineHandler('listPendingVerifications', {
  query: verificationQueueQuery,
  run: async ({ query }) => {
    const page = await listPendingVerifications(query);
    return pageReply(page.items.map(toPendingDto), page.nextCursor);
  },
});
