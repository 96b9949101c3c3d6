/** Contact-form messages (`CONTACT#{id}` / `CONTACT`). */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import type { StoredContactMessage } from '../model/contact';

export async function putContactMessage(m: StoredContactMessage): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: table(),
      // Listed by its sender too, so their account's erasure finds it (lambdas/privacy/erasure.ts).
      Item: { ...keys.contact(m._id), ...keys.contactsOfIndex(m.senderSub, m.createdAt, m._id), ...m },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}
