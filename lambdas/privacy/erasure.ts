/**
 * Erasing a closed account (docs/privacy.md): ERASURE_DELAY_DAYS after its owner deleted it, the erasure job
 * (lambdas/jobs/eraseClosedAccounts.ts) removes the person from everything: the user pool, every item, copy and
 * index entry of theirs in the table, every picture (each width, the original, earlier versions) and every chat
 * message. What others rely on stays, anonymised and never attributed (lambdas/domain/privacy.ts): a review a client
 * left stays as a former client's (the business's rating does not move), a chat room shows "former user", a
 * business's finished work stays for its clients without its name, payment records stay without name or email.
 *
 * The steps run in an order where none destroys what a later one finds its items by, and every step changes only
 * what still names the person, so a run stopped anywhere (a kill, a time limit, the tests' step limit) and run again
 * finishes the erasure and touches nothing else. The closure item goes last: until then the job finds the account.
 * Kept on purpose (aggregates naming no one): the price guide's shares and the weekly counts.
 * Not found by the erasure: a purchase's idempotency record (`IDEMPOTENCY#{sub}#{key}`), which the table's TTL
 * deletes a day after the purchase, long before an erasure is due.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { uploadsPrefixOf } from '../../common/uploads';
import { ddb, table } from '../data/client';
import { keys, stripKeys } from '../model/keys';
import { allItemsOf, getRecord } from '../data/query';
import { INDEXES } from '../model/schema';
import { conditionalWrite } from '../data/transact';
import { deleteItems } from '../data/batchWrites';
import { forgetAccount } from '../data/accounts';
import { getUsersByIds } from '../data/batchReads';
import type { StoredClosure } from '../model/closures';
import { exportPrefixOf } from '../data/exports';
import { closureWritten } from '../data/suspensions';
import { openIndexEntryKeys } from '../model/posts';
import { type StoredPost } from '../model/posts';
import { getOffer, deleteOffer } from '../data/offers';
import { deleteAdOf } from '../data/ads';
import type { StoredBusiness } from '../model/users';
import type { StoredOffer } from '../model/offers';
import type { StoredFinishedJob } from '../model/reviews';
import type { ServiceAccount } from '../chat/serviceAccount';
import { serviceTownsOf } from '../model/users';
import {
  finishedOfferOfFormerBusiness,
  offerOnFormerClientsRequest,
  reviewOfFormerBusiness,
  reviewOfFormerClient,
} from '../domain/privacy';
import { DIGEST_KEEP_DAYS, dayOf } from '../notify/leads';
import { config } from '../lib/config';
import { deleteUser } from '../lib/userPool';
import type { Logger } from '../lib/log';
import { adsOf, offersOf, postsOf, reportableItemsOf } from './closure';
import { eraseMemberFromRoom, roomsOfMember } from './chat';
import { deleteEntry, entriesAbout, reportsFiledBy, withdrawReport } from './reports';
import { anonymisePaymentRecords } from './payments';
import { deletePrefix, deleteUseCounts, processedPrefixOf, uploadsOf } from './pictures';
import type { Progress } from './progress';
import { ideaKeys, type StoredBoard, type StoredIdea } from '../model/ideas';
import { deleteIdeaRecord } from '../data/ideas';
import { deleteBoard, emptyBoard, removeIdeaFromBoards } from '../data/boards';

export interface ErasureContext {
  /** The chat database's service account (messages are erased there). */
  chat: ServiceAccount;
  progress: Progress;
  log: Logger;
}

/**
 * An Update that SETs and REMOVEs attributes (a dotted name is a path into a map: `data.businessName`) of an item that
 * still exists; false when it is gone.
 */
async function rewrite(key: { pk: string; sk: string }, change: { set: Record<string, unknown>; remove: string[] }) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const path = (name: string, id: string) =>
    name
      .split('.')
      .map((part, j) => {
        names[`#${id}_${j}`] = part;
        return `#${id}_${j}`;
      })
      .join('.');
  const sets = Object.entries(change.set).map(([name, value], i) => {
    values[`:s${i}`] = value;
    return `${path(name, `s${i}`)} = :s${i}`;
  });
  const removes = change.remove.map((name, i) => path(name, `r${i}`));
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: key,
      UpdateExpression: [
        sets.length ? `SET ${sets.join(', ')}` : '',
        removes.length ? `REMOVE ${removes.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join(' '),
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: names,
      ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
    }),
  );
}

const keyOf = (item: Record<string, unknown>) => ({ pk: String(item.pk), sk: String(item.sk) });

// ---- Steps of every account ----

async function eraseReportsAbout(closure: StoredClosure, ctx: ErasureContext) {
  for (const entry of await entriesAbout(await reportableItemsOf(closure, ctx.chat))) {
    await ctx.progress.step();
    await deleteEntry(entry._id);
  }
}

async function eraseChat(closure: StoredClosure, ctx: ErasureContext) {
  for (const room of await roomsOfMember({ role: closure.role, sub: closure.sub }))
    await eraseMemberFromRoom(room, closure.sub, ctx.chat, ctx.progress);
}

async function erasePictures(closure: StoredClosure, ctx: ErasureContext) {
  const uploads = await uploadsOf(config.mediaBucket, closure.sub);
  await deleteUseCounts(closure.sub, uploads, ctx.progress);
  const versioned = config.mediaBucketVersioned;
  await deletePrefix(config.mediaBucket, processedPrefixOf(closure.sub), { versioned }, ctx.progress);
  await deletePrefix(config.mediaBucket, uploadsPrefixOf(closure.sub), { versioned }, ctx.progress);
  await deletePrefix(config.exportsBucket, exportPrefixOf(closure.sub), { versioned: false }, ctx.progress);
}

async function eraseOwnItems(closure: StoredClosure, ctx: ErasureContext) {
  for (const report of await reportsFiledBy(closure.sub)) {
    await ctx.progress.step();
    await withdrawReport(report);
  }
  const own = [
    ...(await allItemsOf({ index: INDEXES.GSI2.name, partition: keys.contactsOfPartition(closure.sub) })),
    ...(await allItemsOf({ partition: keys.notificationsPartition(closure.sub), consistent: true })),
    ...(await allItemsOf({ partition: keys.pushSubscriptionsPartition(closure.sub), consistent: true })),
  ].map(keyOf);
  own.push(keys.dataExport(closure.sub));
  for (let i = 0; i < own.length; i += 25) {
    await ctx.progress.step();
    await deleteItems(own.slice(i, i + 25));
  }
}

async function eraseSignIn(closure: StoredClosure, ctx: ErasureContext) {
  await ctx.progress.step();
  await deleteUser(closure.sub);
}

async function eraseClosure(closure: StoredClosure, ctx: ErasureContext) {
  await ctx.progress.step();
  await deleteItems([keys.account(closure.sub), keys.accountClosure(closure.sub)]);
  closureWritten();
  forgetAccount(closure.sub);
}

// ---- A client's ----

/** Each request: the businesses' offers keep nothing of it, its review stays a former client's, the rest goes. */
async function eraseRequests(closure: StoredClosure, ctx: ErasureContext) {
  for (const post of await postsOf(closure.profileId)) {
    const partition = await allItemsOf({ partition: keys.post(post._id).pk, consistent: true });
    for (const guard of partition.filter((i) => String(i.sk).startsWith('OFFERBY#'))) {
      const offer = await getOffer(String(guard.offerId));
      if (!offer) continue;
      await ctx.progress.step();
      await rewrite(keys.offer(offer._id), offerOnFormerClientsRequest(offer));
    }
    const job = partition.find((i) => i.sk === keys.finishedJob(post._id).sk);
    if (job) {
      await ctx.progress.step();
      await rewrite(keys.finishedJob(post._id), reviewOfFormerClient(stripKeys(job) as unknown as StoredFinishedJob));
    }
    await ctx.progress.step();
    // The open-list entries (none unless it is open), the offers' guards, then the request itself (its list entry).
    await deleteItems([
      ...openIndexEntryKeys(post),
      ...partition.filter((i) => String(i.sk).startsWith('OFFERBY#')).map(keyOf),
    ]);
    await ctx.progress.step();
    await deleteItems([keys.post(post._id)]);
  }
}

async function eraseClientRecord(closure: StoredClosure, ctx: ErasureContext) {
  await ctx.progress.step();
  await deleteItems([keys.user(closure.profileId)]);
}

/** Its boards and what is saved on them (the ideas stay: they are the businesses'), and its count of boards. */
async function eraseBoards(closure: StoredClosure, ctx: ErasureContext) {
  for (const board of await allItemsOf({
    index: INDEXES.GSI1.name,
    partition: ideaKeys.boardsPartition(closure.sub),
  })) {
    await ctx.progress.step();
    await deleteBoard(stripKeys(board) as unknown as StoredBoard);
    // A board deleted by a run stopped half way: its items are found and removed again.
    await emptyBoard(String(board._id));
  }
  await ctx.progress.step();
  await deleteItems([ideaKeys.boardCount(closure.sub)]);
}

// ---- A business's ----

/** Its ideas, their gallery entries, and their places on clients' boards. */
async function eraseIdeas(closure: StoredClosure, ctx: ErasureContext) {
  for (const item of await allItemsOf({
    index: INDEXES.GSI1.name,
    partition: ideaKeys.businessIdeasPartition(closure.profileId),
  })) {
    const idea = stripKeys(item) as unknown as StoredIdea;
    await ctx.progress.step();
    await deleteIdeaRecord(idea);
    await ctx.progress.step();
    await removeIdeaFromBoards(idea._id, new Date().toISOString());
  }
}

/** Clients told of this business (its offers, its finished jobs, its chat rooms): their notifications lose its name. */
async function eraseBusinessFromOthersNotifications(closure: StoredClosure, ctx: ErasureContext) {
  const businessId = closure.profileId;
  const clientIds = new Set<string>();
  for (const offer of await offersOf(businessId)) {
    const copy = offer.post;
    if (copy && 'userId' in copy) clientIds.add(copy.userId);
    else {
      const post = await getRecord<StoredPost>(keys.post(offer.postId));
      if (post) clientIds.add(post.userId);
    }
  }
  for (const job of await allItemsOf({ index: INDEXES.GSI1.name, partition: keys.businessJobsPartition(businessId) }))
    if (typeof job.userId === 'string') clientIds.add(job.userId);
  for (const room of await roomsOfMember({ role: 'business', sub: closure.sub })) clientIds.add(room.clientId);
  const clients = await getUsersByIds([...clientIds]);
  for (const client of clients.values()) {
    let start: Record<string, unknown> | undefined;
    do {
      const out = await ddb().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk',
          FilterExpression: '#d.#b = :id',
          ExpressionAttributeNames: { '#d': 'data', '#b': 'businessId' },
          ExpressionAttributeValues: { ':pk': keys.notificationsPartition(client.cognitoId), ':id': businessId },
          ProjectionExpression: 'pk, sk',
          ExclusiveStartKey: start,
        }),
      );
      for (const item of out.Items ?? []) {
        await ctx.progress.step();
        await rewrite(keyOf(item), { set: {}, remove: ['data.businessName', 'data.businessId'] });
      }
      start = out.LastEvaluatedKey;
    } while (start);
  }
}

/** Its offers: finished ones stay on their requests as a former business's; every other one goes. */
async function eraseOffers(closure: StoredClosure, ctx: ErasureContext) {
  for (const offer of await offersOf(closure.profileId)) {
    await ctx.progress.step();
    if (offer.status === 'finished') {
      await rewrite(keys.offer(offer._id), finishedOfferOfFormerBusiness(offer));
      continue;
    }
    const post = await getRecord<StoredPost>(keys.post(offer.postId), { consistent: true });
    try {
      // An accepted offer's request opens again for its client.
      await deleteOffer(offer as StoredOffer, post);
    } catch (err) {
      // Changed meanwhile (its client acted on it): the next run reads it again.
      if ((err as { status?: number }).status !== 409) throw err;
      const again = await getOffer(offer._id);
      if (again) throw err;
    }
  }
  for (const ad of await adsOf(closure.profileId)) {
    await ctx.progress.step();
    await deleteAdOf(ad, closure.profileId);
  }
}

/** Its finished jobs: each review stays for its client only, with no business and no reply, in no list. */
async function eraseFinishedJobs(closure: StoredClosure, ctx: ErasureContext) {
  for (const job of await allItemsOf({
    index: INDEXES.GSI1.name,
    partition: keys.businessJobsPartition(closure.profileId),
  })) {
    await ctx.progress.step();
    await rewrite(keyOf(job), reviewOfFormerBusiness());
  }
}

/** Its payment records and its subscriptions' records stay, without anything that names it. */
async function erasePayments(closure: StoredClosure, ctx: ErasureContext) {
  const business = await getRecord<StoredBusiness>(keys.business(closure.profileId), { consistent: true });
  await anonymisePaymentRecords(closure.sub, new Date().toISOString(), ctx.progress, business?.subscriptionId);
}

/** Its public addresses, lists, lead index entries and waiting digest entries. */
async function eraseBusinessLists(closure: StoredClosure, ctx: ErasureContext) {
  const id = closure.profileId;
  const business = await getRecord<StoredBusiness>(keys.business(id), { consistent: true });
  const listed: { pk: string; sk: string }[] = [keys.publicBusiness(id)];
  for (const item of await allItemsOf({ index: INDEXES.GSI2.name, partition: keys.slugsOfPartition(id) }))
    listed.push(keyOf(item));
  if (business) {
    if (business.slug) listed.push(keys.slug(business.slug));
    for (const c of business.categories ?? []) {
      listed.push(keys.directoryEntry(c, id));
      for (const t of serviceTownsOf(business)) listed.push(keys.leadEntry(c, t, id));
    }
  }
  // The days a digest entry can still be kept for it (the closure stopped new ones).
  const first = Date.parse(closure.closedAt) - (DIGEST_KEEP_DAYS + 1) * 86_400_000;
  for (let day = first; day <= Date.now(); day += 86_400_000)
    for (const entry of await allItemsOf({
      partition: keys.digestPartition(dayOf(new Date(day).toISOString())),
      skPrefix: `${closure.sub}#`,
    }))
      listed.push(keyOf(entry));
  for (let i = 0; i < listed.length; i += 25) {
    await ctx.progress.step();
    await deleteItems(listed.slice(i, i + 25));
  }
}

/** Its record's partition: the profile, its search entries, its verification request. */
async function eraseBusinessRecord(closure: StoredClosure, ctx: ErasureContext) {
  const items = await allItemsOf({ partition: keys.business(closure.profileId).pk, consistent: true });
  // The profile last: the steps before read it.
  const ordered = [...items.filter((i) => i.sk !== 'PROFILE').map(keyOf), keys.business(closure.profileId)];
  for (let i = 0; i < ordered.length; i += 25) {
    await ctx.progress.step();
    await deleteItems(ordered.slice(i, i + 25));
  }
}

/** The steps of an account's erasure, in order (see the file comment). */
export function erasureSteps(
  closure: StoredClosure,
): [string, (c: StoredClosure, ctx: ErasureContext) => Promise<void>][] {
  const first: [string, (c: StoredClosure, ctx: ErasureContext) => Promise<void>][] = [
    ['reports about them', eraseReportsAbout],
  ];
  const last: [string, (c: StoredClosure, ctx: ErasureContext) => Promise<void>][] = [
    ['pictures', erasePictures],
    ['their own items', eraseOwnItems],
    ['sign-in', eraseSignIn],
  ];
  if (closure.role === 'client')
    return [
      ...first,
      ['chat', eraseChat],
      ['boards', eraseBoards],
      ['requests', eraseRequests],
      ...last,
      ['record', eraseClientRecord],
      ['closure', eraseClosure],
    ];
  return [
    ...first,
    ['others’ notifications', eraseBusinessFromOthersNotifications],
    ['chat', eraseChat],
    ['ideas', eraseIdeas],
    ['offers and ads', eraseOffers],
    ['finished jobs', eraseFinishedJobs],
    ['payments', erasePayments],
    ['public lists', eraseBusinessLists],
    ...last,
    ['record', eraseBusinessRecord],
    ['closure', eraseClosure],
  ];
}

/** Erases the account of `closure` (throws ErasureStopped when its progress stops it: the next run goes on). */
export async function eraseAccount(closure: StoredClosure, ctx: ErasureContext): Promise<void> {
  for (const [name, step] of erasureSteps(closure)) {
    ctx.log.info('Erasure step', { step: name, role: closure.role });
    await step(closure, ctx);
  }
}
