/** GET /paymentTransaction/bussines/{sub}: the business's own payment transactions, newest first, paged (pattern 17). */
import * as z from 'zod';
import { subParams } from '../../common/schemas/accounts';
import { defineHandler } from '../api/http';
import { forbidden } from '../lib/errors';
import { pageQuery, pageReply } from '../api/paging';
import { listTransactionsOfBusiness } from '../data/transactions';
import { toTransactionDto } from '../domain/payments';

export const handler = defineHandler('listTransactions', {
  params: subParams,
  query: z.object(pageQuery),
  run: async ({ caller, params, query }) => {
    if (params.sub !== caller.sub) throw forbidden('You can only see your own transactions');
    const page = await listTransactionsOfBusiness(caller.sub, query);
    return pageReply(page.items.map(toTransactionDto), page.nextCursor);
  },
});
