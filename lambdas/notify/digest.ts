/**
 * The daily lead digest: run once a day (an EventBridge schedule in the cloud; `npm run digest` locally)
 * for the previous UTC day, or for `{ day: 'YYYY-MM-DD' }`. It reads the day's digest partition (one
 * Query, paged), and gives each business one `leadDigest` notification listing its matching requests,
 * emailed like any other. The notification's id comes from the day and the business, so a run repeated
 * (a retry, a second schedule) stores and sends nothing twice.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../data/client';
import { keys } from '../model/keys';
import { createLogger } from '../lib/log';
import { deliver } from './deliver';
import { businessRecipient, notificationId } from './events';
import { notificationLink } from '../../common/notifications';
import { expiresAt } from '../data/notifications';

interface DigestEntry {
  businessId: string;
  businessSub: string;
  postId: string;
  title: string;
  town: string;
  createdAt: string;
}

const yesterday = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);

export async function runDigest(day: string): Promise<{ businesses: number; requests: number }> {
  const bySub = new Map<string, DigestEntry[]>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.digestPartition(day) },
        ExclusiveStartKey: start,
      }),
    );
    for (const e of (out.Items ?? []) as DigestEntry[])
      bySub.set(e.businessSub, [...(bySub.get(e.businessSub) ?? []), e]);
    start = out.LastEvaluatedKey;
  } while (start);

  const failures: unknown[] = [];
  let requests = 0;
  for (const entries of bySub.values()) {
    try {
      const to = await businessRecipient(entries[0].businessId);
      if (!to) continue;
      const posts = entries
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((e) => ({ postId: e.postId, title: e.title, town: e.town }));
      const createdAt = `${day}T23:59:59.999Z`;
      const data = { day, posts };
      await deliver({
        recipient: to,
        notification: {
          _id: notificationId(createdAt, `digest|${day}|${to.sub}`),
          recipientSub: to.sub,
          kind: 'leadDigest',
          createdAt,
          data,
          link: notificationLink('leadDigest', data),
          expiresAt: expiresAt(createdAt),
        },
      });
      requests += posts.length;
    } catch (err) {
      failures.push(err);
    }
  }
  // Every business was tried; a failure fails the run, so the schedule's retry sends what is left.
  if (failures.length) throw new AggregateError(failures, `${failures.length} lead digests failed`);
  return { businesses: bySub.size, requests };
}

export const handler = async (event: { day?: string } = {}) => {
  const day =
    typeof event.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(event.day) ? event.day : yesterday(new Date());
  const result = await runDigest(day);
  createLogger({ handler: 'leadDigest' }).info('Lead digest sent', { day, ...result });
  return result;
};
