/**
 * A moderator's decision on a reported item (docs/access-patterns.md, "Moderation"): what it does to the
 * item (hidden: out of every list and page for everyone but its owner and moderators) and to its owner
 * (suspended: disabled in the user pool, every API call refused).
 */
import type { ModerationAction } from '../../common/moderation';
import { conflict, notFound, serviceUnavailable } from '../lib/errors';
import { RETRY_AFTER_SECONDS } from '../lib/dependencies';
import { ChatDatabaseUnavailable, hideChatMessage } from '../chat/hideMessage';
import { getPostById } from '../data/posts';
import { getBusinessById } from '../data/users';
import {
  decide,
  getFinishedJobById,
  getReportedItem,
  hideBusinessWrites,
  hidePostWrites,
  hideReviewWrites,
  suspensionPut,
} from '../data/moderation';
import type { GuardedItem } from '../data/transact';
import { getIdea, hideIdeaWrites } from '../data/ideas';
import { disableAccount } from '../lib/userPool';
import { suspensionWritten } from '../data/suspensions';
import type { Logger } from '../lib/log';
import { STATUS_OF_ACTION, hiddenMark, hidesItem } from './moderation';
import { type StoredReportedItem } from '../model/moderation';

/**
 * What hiding the entry's item writes, in the decision's transaction (nothing when the item is gone). The copies of
 * what it changes (a post's summary, a business's card: hidden, or a review's stars gone from its rating) follow
 * the transaction (lambdas/data/copies.ts).
 */
async function hideWrites(
  entry: StoredReportedItem,
  mark: ReturnType<typeof hiddenMark>,
): Promise<{ writes: GuardedItem[] }> {
  switch (entry.kind) {
    case 'post': {
      const post = await getPostById(entry.targetId);
      return { writes: post && !post.hidden ? hidePostWrites(post, mark) : [] };
    }
    case 'business': {
      const business = await getBusinessById(entry.targetId);
      return business && !business.hidden ? { writes: hideBusinessWrites(business._id, mark) } : { writes: [] };
    }
    case 'review': {
      const job = await getFinishedJobById(entry.targetId);
      return job && !job.hidden ? { writes: hideReviewWrites(job, mark) } : { writes: [] };
    }
    case 'idea': {
      // An idea hidden leaves every gallery page at once (its entries go in the decision's transaction); boards keep
      // it, and leave it out when they list their ideas.
      const idea = await getIdea(entry.targetId, { consistent: true });
      return { writes: idea && !idea.hidden ? hideIdeaWrites(idea, mark) : [] };
    }
    case 'chatMessage':
      // The mark goes onto the message in the Realtime Database first (nothing in the table is written yet):
      // when the database cannot be reached the answer is 503 and the entry stays open, so the moderator's
      // retry writes the same mark again and then decides.
      try {
        await hideChatMessage({ targetId: entry.targetId, senderSub: entry.ownerSub }, mark);
      } catch (err) {
        if (err instanceof ChatDatabaseUnavailable)
          throw serviceUnavailable(RETRY_AFTER_SECONDS, 'Chat is not available right now');
        throw err;
      }
      return { writes: [] };
  }
}

/**
 * A moderator's decision on an open entry: 404 unknown, 409 ALREADY_DECIDED. 'hide' hides the item;
 * 'suspend' hides it too, stores the owner's suspension and disables the owner in the user pool (first,
 * so a failure there changes nothing and the moderator tries again); 'dismiss' closes the entry. A business hidden,
 * or one whose review was hidden, has its card's copies (offers, ads, search entries) written before the answer.
 */
export async function decideReport(
  entryId: string,
  input: { action: ModerationAction; reason?: string },
  log: Logger,
  now = new Date().toISOString(),
): Promise<StoredReportedItem> {
  const entry = await getReportedItem(entryId, { consistent: true });
  if (!entry) throw notFound('No such report');
  if (entry.status !== 'open') throw conflict('A moderator already decided on this report', 'ALREADY_DECIDED');
  const decided: StoredReportedItem = {
    ...entry,
    status: STATUS_OF_ACTION[input.action],
    decidedAt: now,
    ...(input.reason ? { decisionReason: input.reason } : {}),
  };
  const { writes } = hidesItem(input.action)
    ? await hideWrites(entry, hiddenMark(input.reason ?? '', now))
    : { writes: [] as GuardedItem[] };
  if (input.action === 'suspend') {
    await disableAccount(entry.ownerSub);
    writes.push(suspensionPut({ sub: entry.ownerSub, reason: input.reason ?? '', at: now, entryId }));
  }
  await decide(decided, writes);
  // A post or business hidden: the copies of it follow before the answer (lambdas/data/copies.ts).
  if (input.action === 'suspend') suspensionWritten();
  return decided;
}
