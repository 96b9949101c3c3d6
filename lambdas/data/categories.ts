/** Categories (patterns 4 and 5): one partition `CATEGORIES`, one item per category. */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SERVICE_NAMES, serviceId } from '../../common/constants';
import type { Category } from '../../common/types';
import { ddb, table } from './client';
import { keys } from '../model/keys';
import { batchGet } from './query';
import { badRequest } from '../lib/errors';

interface StoredCategory {
  _id: string;
  name: string;
  order?: number;
}

/** All categories in the spec's order of the services. */
export async function listCategories(): Promise<Category[]> {
  const items: StoredCategory[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.categoriesPartition },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((page.Items ?? []) as StoredCategory[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return items
    .sort((a, b) => (a.order ?? 99) - (b.order ?? 99) || a.name.localeCompare(b.name))
    .map(({ _id, name }) => ({ _id, name }));
}

/** The ids among `ids` that are not categories (pattern 5: BatchGet). */
async function missingCategoryIds(ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const found = new Set((await batchGet<StoredCategory>(wanted.map((id) => keys.category(id)))).map((c) => c._id));
  return wanted.filter((id) => !found.has(id));
}

/** A 400 naming `field` unless every id of `ids` is a category. */
export async function requireCategories(ids: string[], field: string): Promise<void> {
  const missing = await missingCategoryIds(ids);
  if (missing.length) {
    const message = `Unknown categories: ${missing.join(', ')}`;
    throw badRequest(message, [{ field, message, code: 'UNKNOWN_CATEGORY' }], 'UNKNOWN_CATEGORY');
  }
}

/** Write the nine services; idempotent (same ids and names every time). */
export async function seedCategories(): Promise<Category[]> {
  const categories = SERVICE_NAMES.map((name, order) => ({ _id: serviceId(name), name, order }));
  for (const c of categories) {
    await ddb().send(new PutCommand({ TableName: table(), Item: { ...keys.category(c._id), ...c } }));
  }
  return categories.map(({ _id, name }) => ({ _id, name }));
}
