/**
 * Lead alerts (docs/access-patterns.md, "Lead alerts"). A business hears of a new open request in one of
 * its categories and one of its service towns: at once (a `newLead` notification), in one digest a day
 * (an entry of the day's digest partition, sent by lambdas/notify/digest.ts), or not at all, as its
 * `leadAlerts` preference says.
 *
 * A request asked "like this idea" invites the idea's business first (`ideaRequest`, whatever its lead alerts); the
 * matching businesses hear of it as of any request.
 *
 * Matching is a Query per category of the request: the lead index holds one item per (category, town)
 * a business serves, `LEADS#C#{category}#T#{town}` / `{businessId}`. The notifier keeps it in step with
 * the profiles from the same stream (a profile inserted, changed or removed rewrites its entries).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { batchWrite } from '../data/batchWrites';
import { ddb, table } from '../data/client';
import { eachItemOf } from '../data/query';
import { keys } from '../model/keys';
import { getPreferences } from '../data/notifications';
import type { StoredBusiness } from '../model/users';
import type { StoredPost } from '../model/posts';
import { serviceTownsOf } from '../model/users';
import { TTL_ATTRIBUTE } from '../model/schema';
import { businessRecipient, draft, image, isPost, type Draft } from './events';
import { getIdea } from '../data/ideas';
import { businessShowsIdeas } from '../domain/ideas';

/** Digest entries are kept this long after their day (the digest runs the next morning). */
export const DIGEST_KEEP_DAYS = 7;

const isBusinessProfile = (i: Record<string, unknown> | undefined) =>
  typeof i?.pk === 'string' && i.pk.startsWith('BUSINESS#') && i.sk === 'PROFILE';

/** The (category, town) pairs a business serves. */
export const leadPairs = (b: Pick<StoredBusiness, 'categories' | 'serviceTowns' | 'location' | 'closed'> | undefined) =>
  // A closed business (its owner deleted the account) hears of no new request.
  b && !b.closed ? (b.categories ?? []).flatMap((c) => serviceTownsOf(b).map((t) => `${c}\u0000${t}`)) : [];

/** A profile change rewrites the business's lead index entries (only the pairs that changed). */
export async function syncLeadIndex(record: DynamoDBRecord): Promise<void> {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!isBusinessProfile(next) && !isBusinessProfile(old)) return;
  const after = record.eventName === 'REMOVE' ? undefined : (next as unknown as StoredBusiness);
  const before = record.eventName === 'INSERT' ? undefined : (old as unknown as StoredBusiness);
  const [was, now] = [new Set(leadPairs(before)), new Set(leadPairs(after))];
  const id = (after ?? before)!._id;
  const puts = [...now]
    .filter((p) => !was.has(p) || before?.cognitoId !== after?.cognitoId)
    .map((p) => {
      const [c, t] = p.split('\u0000');
      return { PutRequest: { Item: { ...keys.leadEntry(c, t, id), businessId: id, businessSub: after!.cognitoId } } };
    });
  const deletes = [...was]
    .filter((p) => !now.has(p))
    .map((p) => {
      const [c, t] = p.split('\u0000');
      return { DeleteRequest: { Key: keys.leadEntry(c, t, id) } };
    });
  await batchWrite([...deletes, ...puts]);
}

/** The businesses whose lead index matches the post: one Query per category of the post, in its town. */
export async function matchingBusinesses(
  post: Pick<StoredPost, 'category' | 'location'>,
): Promise<{ businessId: string; businessSub: string }[]> {
  const found = new Map<string, { businessId: string; businessSub: string }>();
  for (const c of new Set(post.category ?? [])) {
    for await (const i of eachItemOf({ partition: keys.leadPartition(c, post.location) }))
      found.set(i.businessId as string, { businessId: i.businessId as string, businessSub: i.businessSub as string });
  }
  return [...found.values()];
}

/** The UTC day of a timestamp, YYYY-MM-DD. */
export const dayOf = (iso: string) => iso.slice(0, 10);

/** The business an idea's request invites: the idea's, while it shows its ideas (not hidden, suspended or closed). */
async function invitedBusiness(ideaId: string): Promise<string | undefined> {
  const idea = await getIdea(ideaId);
  return idea && !idea.hidden && (await businessShowsIdeas(idea)) ? idea.businessId : undefined;
}

/**
 * A new open post: instant alerts as notifications, daily ones as entries of the day's digest; a request asked "like
 * this idea" invites the idea's business first (`ideaRequest`, at once), which no other alert of it repeats.
 */
export async function leadDraftsOf(record: DynamoDBRecord): Promise<Draft[]> {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  if (record.eventName !== 'INSERT' || !isPost(next)) return [];
  const post = next as unknown as StoredPost;
  if (post.status !== 'open') return [];
  const drafts: Draft[] = [];
  // Asked "like this idea": the idea's business is invited first, whatever its lead alerts (and told once).
  const invited = post.referenceIdeaId ? await invitedBusiness(post.referenceIdeaId) : undefined;
  if (invited) {
    const to = await businessRecipient(invited);
    if (to)
      drafts.push(
        draft(
          record,
          to,
          'ideaRequest',
          { postId: post._id, postTitle: post.title, town: post.location, ideaId: post.referenceIdeaId },
          post.createdAt,
        ),
      );
  }
  for (const match of await matchingBusinesses(post)) {
    if (match.businessId === invited) continue;
    const { leadAlerts } = await getPreferences(match.businessSub);
    if (leadAlerts === 'off') continue;
    if (leadAlerts === 'daily') {
      const day = dayOf(post.createdAt);
      await ddb().send(
        new PutCommand({
          TableName: table(),
          Item: {
            ...keys.digestEntry(day, match.businessSub, post._id),
            businessId: match.businessId,
            businessSub: match.businessSub,
            postId: post._id,
            title: post.title,
            town: post.location,
            createdAt: post.createdAt,
            [TTL_ATTRIBUTE]: Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + DIGEST_KEEP_DAYS * 86_400,
          },
        }),
      );
      continue;
    }
    const to = await businessRecipient(match.businessId);
    if (to)
      drafts.push(
        draft(record, to, 'newLead', { postId: post._id, postTitle: post.title, town: post.location }, post.createdAt),
      );
  }
  return drafts;
}
