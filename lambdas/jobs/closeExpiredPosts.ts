/**
 * The scheduled expiry job (an EventBridge schedule in the cloud: infra/constructs/postExpiry.ts):
 * every open request past its `expiresAt` with no accepted offer becomes `closed` (reason `expired`) and
 * its pending offers declined. It reads the expiry index (GSI2 `EXPIRES#S#{n}`, `gsi2sk < now`, pattern
 * 23 of docs/access-patterns.md): Queries only, never a Scan. A post reopened or accepted meanwhile fails
 * the close's condition and is left alone. Each run closes at most MAX_CLOSES_PER_RUN posts; the rest
 * wait for the next run (they are already out of every list).
 */
import { withFollowUps } from '../lib/followUps';
import { HttpError } from '../lib/errors';
import { createLogger, type Logger } from '../lib/log';
import { getPostById } from '../data/posts';
import { closePost } from '../data/postLife';
import { expiredPostIds, expiryShards } from '../data/postExpiry';
import { isExpired } from '../model/postLife';

export const MAX_CLOSES_PER_RUN = 500;

export async function closeExpiredPosts(
  now = new Date().toISOString(),
  log: Logger = createLogger({ handler: 'closeExpiredPosts' }),
): Promise<{ closed: number; skipped: number }> {
  let closed = 0;
  let skipped = 0;
  for (const shard of expiryShards()) {
    let start: Record<string, unknown> | undefined;
    do {
      const page = await expiredPostIds(shard, now, start);
      for (const id of page.ids) {
        if (closed >= MAX_CLOSES_PER_RUN) return { closed, skipped };
        const post = await getPostById(id);
        if (!post || !isExpired(post, now)) {
          skipped++;
          continue;
        }
        try {
          // Its offers show it closed at once (lambdas/data/copies.ts; the stream would too, a moment later).
          await withFollowUps(() => closePost(post, { reason: 'expired' }, now), { until: () => Infinity, log });
          closed++;
        } catch (err) {
          // Accepted, closed or reopened meanwhile: the condition failed and nothing changed.
          if (err instanceof HttpError && err.status === 409) {
            skipped++;
            continue;
          }
          throw err;
        }
      }
      start = page.next;
    } while (start);
  }
  return { closed, skipped };
}

export const handler = async () => {
  const log = createLogger({ handler: 'closeExpiredPosts' });
  const result = await closeExpiredPosts(undefined, log);
  log.info('Expired requests closed', result);
  return result;
};
