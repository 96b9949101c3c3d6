/** Posts as stored (`POST#{id}` / `POST`, GSI1 `USERPOSTS#{userId}`): patterns 9 and 10. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';
import type { StoredPost } from './openPosts';

export type { StoredPost } from './openPosts';

export async function getPostById(id: string): Promise<StoredPost | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: table(), Key: keys.post(id) }));
  return Item ? (stripKeys(Item) as unknown as StoredPost) : undefined;
}
