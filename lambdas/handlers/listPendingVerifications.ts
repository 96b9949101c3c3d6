/**
 * GET /moderation/verifications (moderators): the verification requests waiting for a decision, oldest first,
 * paged like every list, each with the business's current name and town (copied onto the request: one Query, see
 * carryProfileToVerification) and the document's address (moderators only).
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
    // Each request carries its business's name and town; only one stored before the copy existed reads its business.
    const uncopied = page.items.filter((v) => v.businessName === undefined).map((v) => v.businessId);
    const businesses = uncopied.length ? await getBusinessesByIds(uncopied) : new Map();
    return pageReply(
      page.items.map((v) => toPendingDto(v, v.businessName === undefined ? businesses.get(v.businessId) : v)),
      page.nextCursor,
    );
  },
});
