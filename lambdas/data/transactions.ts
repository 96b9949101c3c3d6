/** Payment transactions of a business: `TXN#{id}`, listed newest first through GSI1 `TXNS#{businessSub}`. */
import { keys } from './keys';
import { table } from './client';
import { queryPage, type Page, type PageRequest } from './query';
import type { TransactItem } from './transact';
import type { TransactionStatus } from '../../common/constants';

export interface StoredTransaction {
  id: string;
  businessSub: string;
  businessId: string;
  /** The paying business's name (the column is called "Client's Name" in the app). */
  clientName: string;
  image?: string;
  date: string;
  amount: number;
  status: TransactionStatus;
  description: string;
  sandbox: boolean;
  reference: string;
  /** What was bought: an ad or a plan. */
  purpose: { kind: 'ad'; adId: string } | { kind: 'plan'; plan: string };
}

export const transactionPut = (txn: StoredTransaction): TransactItem => ({
  Put: {
    TableName: table(),
    Item: { ...keys.transaction(txn.id), ...keys.transactionsIndex(txn.businessSub, txn.date, txn.id), ...txn },
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

export const listTransactionsOfBusiness = (businessSub: string, page: PageRequest): Promise<Page<StoredTransaction>> =>
  queryPage<StoredTransaction>({ index: 'GSI1', partition: `TXNS#${businessSub}` }, page);
