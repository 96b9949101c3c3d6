/**
 * A post's summary on its offers (docs/access-patterns.md, "A post's summary on its offers"): each offer carries a
 * copy of its post (`post`: domain/offers.ts PostCopy), so a business's offers (pattern 12) answer each post's title,
 * pictures, town, services and status with no read of the posts, and a post's offers (pattern 11) check their owner
 * with no read of the post.
 *
 * Every change of what is copied (status, hidden) moves the post's `summaryVersion` in its own transaction
 * (openPosts.ts SUMMARY_VERSION_BUMP); then the handler that made it refreshes the copies on the post's offers
 * (refreshPostOnOffers, within a time budget) and the stream's notifier does it again (lambdas/notify/postSummaries.ts),
 * finishing what the handler left. A refresh reads the post strongly consistent and writes its copy onto each offer
 * found through the post's guards (strongly consistent too) on condition the offer exists and holds an older copy
 * (a lower `v`), or the same version with another status or mark: copies only move forward, so a slower refresh
 * never overwrites a newer one, and a copy that is right already is left alone (running it again changes nothing).
 * A deleted post leaves its remaining offers a `gone` copy (no summary; its offers' list answers 404).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { table } from './client';
import { keys } from '../model/keys';
import { getRecord } from './query';
import { offersOfPost } from './posts';
import type { StoredPost } from '../model/posts';
import { chunk, conditionalWrite } from './transact';
import { dependencyTimeouts } from '../lib/dependencies';
import type { Logger } from '../lib/log';
import { postCopyOf, type GonePostCopy, type PostCopy } from '../model/copies';

/** Offers written at a time by one refresh (a post has a few). */
export const OFFERS_IN_PARALLEL = 10;

const NAMES = { '#p': 'post', '#v': 'v', '#s': 'status', '#h': 'hidden', '#gone': 'gone' };

/** Writes `copy` onto one offer; false when the offer is gone or holds that copy (or a newer one) already. */
export async function writePostCopy(offerId: string, copy: PostCopy): Promise<boolean> {
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.offer(offerId),
      UpdateExpression: 'SET #p = :copy',
      ConditionExpression:
        'attribute_exists(pk) AND attribute_not_exists(#p.#gone) AND ' +
        '(#p.#v < :v OR (#p.#v = :v AND (#p.#s <> :s OR #p.#h <> :h)))',
      ExpressionAttributeNames: NAMES,
      ExpressionAttributeValues: { ':copy': copy, ':v': copy.v, ':s': copy.status, ':h': copy.hidden },
    }),
  );
}

/** Marks one offer's copy of a deleted post; false when the offer is gone or is marked already. */
export async function writeGoneCopy(offerId: string, postId: string): Promise<boolean> {
  const gone: GonePostCopy = { _id: postId, gone: true };
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.offer(offerId),
      UpdateExpression: 'SET #p = :gone',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#p.#gone)',
      ExpressionAttributeNames: { '#p': 'post', '#gone': 'gone' },
      ExpressionAttributeValues: { ':gone': gone },
    }),
  );
}

/** What a refresh wrote: copies changed, and whether every offer was looked at (false: it stopped at its deadline). */
export interface RefreshOutcome {
  changed: number;
  complete: boolean;
}

/**
 * Brings the copies on every offer of post `postId` to the post as it is now (read strongly consistent), or marks
 * them `gone` when the post was deleted. OFFERS_IN_PARALLEL offers at a time; with `until` (epoch ms) no batch
 * starts after it (the stream does the rest).
 */
export async function refreshOfferCopies(postId: string, opts: { until?: number } = {}): Promise<RefreshOutcome> {
  const [post, offers] = await Promise.all([
    getRecord<StoredPost>(keys.post(postId), { consistent: true }),
    offersOfPost(postId),
  ]);
  const copy = post ? postCopyOf(post) : undefined;
  let changed = 0;
  for (const batch of chunk(offers, OFFERS_IN_PARALLEL)) {
    if (opts.until !== undefined && Date.now() >= opts.until) return { changed, complete: false };
    const written = await Promise.all(
      batch.map((o) => (copy ? writePostCopy(o._id, copy) : writeGoneCopy(o._id, postId))),
    );
    changed += written.filter(Boolean).length;
  }
  return { changed, complete: true };
}

/** How long a request refreshes the copies after its change: a quarter of what it may take. */
const REFRESH_BUDGET_MS = () => dependencyTimeouts().answerWithinMs / 4;

/**
 * After a request changed post `postId`'s status or hidden mark: its offers' copies, before the answer, so a list
 * read right after shows the change. The change is made already: a failure here (or the time budget running out)
 * is logged and left to the stream's notifier, which refreshes them from the post's change record.
 */
export async function refreshPostOnOffers(postId: string, log: Logger): Promise<void> {
  try {
    const outcome = await refreshOfferCopies(postId, { until: Date.now() + REFRESH_BUDGET_MS() });
    if (!outcome.complete) log.info('Offer copies of a post left to the stream', { postId, written: outcome.changed });
  } catch (err) {
    log.warn('Offer copies of a post not refreshed: left to the stream', {
      postId,
      error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
    });
  }
}
