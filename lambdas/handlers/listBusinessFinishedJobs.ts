/** GET /getBusinessFinishedJobs/{id}: a business's finished jobs (reviews), newest first, paged. Public to signed-in users. */
import * as z from 'zod';
import { idParams } from '../../common/schemas/accounts';
import { defineHandler } from '../lib/http';
import { notFound } from '../lib/errors';
import { pageQuery, pageReply } from '../lib/paging';
import { getBusinessById } from '../data/users';
import { listFinishedJobsOfBusiness } from '../data/finishedJobs';
import { toFinishedJobDto } from '../domain/reviews';

export const handler = defineHandler('listBusinessFinishedJobs', {
  params: idParams,
  query: z.object(pageQuery),
  run: async ({ params, query }) => {
    const [business, page] = await Promise.all([
      getBusinessById(params.id),
      listFinishedJobsOfBusiness(params.id, query),
    ]);
    if (!business) throw notFound('Business not found');
    return pageReply(page.items.map(toFinishedJobDto), page.nextCursor);
  },
});
