/**
 * Ideas in the table (the shapes and keys: lambdas/model/ideas.ts; docs/access-patterns/ideas.md): an idea with
 * its gallery entries is written, retagged, hidden and deleted in one transaction each, so an idea is listed exactly
 * where its tags say. A gallery page is one Query of one partition; a business's ideas one Query of GSI1; a job's
 * ideas one Query of GSI2.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import { batchGet, getRecord, queryPage, type Page, type PageRequest } from './query';
import { INDEXES } from '../model/schema';
import { CONCURRENT_CHANGE, conditionalWrite, transactWrite, type GuardedItem } from './transact';
import {
  galleryPartition,
  ideaEntryKeys,
  ideaEntryOf,
  ideaKeys,
  type IdeaEntry,
  type StoredIdea,
} from '../model/ideas';
import type { HiddenMark } from '../../common/types';
import { MAX_JOB_PICTURES } from '../../common/ideas';
import { copyHolderCreated } from './copies';

export const getIdea = (id: string, opts: { consistent?: boolean } = {}) =>
  getRecord<StoredIdea>(ideaKeys.idea(id), opts);

export const getIdeasByIds = (ids: string[]) => batchGet<StoredIdea>([...new Set(ids)].map(ideaKeys.idea));

const ideaItem = (idea: StoredIdea) => ({
  ...ideaKeys.idea(idea._id),
  ...ideaKeys.businessIdeasIndex(idea.businessId, idea.createdAt, idea._id),
  ...(idea.postId ? ideaKeys.jobIdeasIndex(idea.postId, idea._id) : {}),
  ...idea,
});

const entryPuts = (idea: StoredIdea): GuardedItem[] =>
  ideaEntryKeys(idea).map((key) => ({ Put: { TableName: table(), Item: { ...key, ...ideaEntryOf(idea) } } }));

const entryDeletes = (keys: { pk: string; sk: string }[]): GuardedItem[] =>
  keys.map((Key) => ({ Delete: { TableName: table(), Key } }));

/** A finished job's count of pictures shown as ideas, moved with each of them (at most MAX_JOB_PICTURES). */
const jobPicturesMove = (postId: string, businessId: string, by: 1 | -1): GuardedItem => ({
  Update: {
    TableName: table(),
    Key: keys.finishedJob(postId),
    UpdateExpression: 'ADD ideaPictures :by',
    ConditionExpression:
      by > 0
        ? 'attribute_exists(pk) AND businessId = :business AND (attribute_not_exists(ideaPictures) OR ideaPictures < :max)'
        : 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':by': by, ...(by > 0 ? { ':business': businessId, ':max': MAX_JOB_PICTURES } : {}) },
  },
  onConditionFailed: {
    message: `A finished job shows at most ${MAX_JOB_PICTURES} pictures`,
    code: 'TOO_MANY_ITEMS',
  },
});

/**
 * A new idea and its gallery entries (a job's picture: with the job's count of pictures, at most MAX_JOB_PICTURES:
 * else 409 TOO_MANY_ITEMS); 409 CONCURRENT_CHANGE when the picture was tagged at the same moment.
 */
export async function createIdea(idea: StoredIdea): Promise<void> {
  await transactWrite([
    {
      Put: { TableName: table(), Item: ideaItem(idea), ConditionExpression: 'attribute_not_exists(pk)' },
      onConditionFailed: CONCURRENT_CHANGE,
    },
    ...(idea.postId ? [jobPicturesMove(idea.postId, idea.businessId, 1)] : []),
    ...entryPuts(idea),
  ]);
}

/**
 * New tags of an idea (`before` as read, `after` with the new tags): the idea's tags on condition it is still the
 * version read and shows the copies read (else 409 CONCURRENT_CHANGE: a change or a copy came meanwhile), its entries
 * moved to the partitions of its new tags, in one transaction. Its save count is left as it is.
 */
export async function retagIdea(before: StoredIdea, after: StoredIdea): Promise<void> {
  const oldKeys = ideaEntryKeys(before);
  const newKeys = new Set(ideaEntryKeys(after).map((k) => k.pk));
  await transactWrite(
    [
      {
        Update: {
          TableName: table(),
          Key: ideaKeys.idea(before._id),
          UpdateExpression: `SET room = :room, service = :service, town = :town, updatedAt = :now, version = :next${
            after.style ? ', #style = :style' : ''
          }${after.style ? '' : ' REMOVE #style'}`,
          ConditionExpression:
            'version = :version AND #b.#v = :card AND ' +
            (before.priceBand ? '#p.#v = :band' : 'attribute_not_exists(#p)'),
          ExpressionAttributeNames: { '#style': 'style', '#b': 'business', '#p': 'priceBand', '#v': 'v' },
          ExpressionAttributeValues: {
            ':room': after.room,
            ':service': after.service,
            ':town': after.town,
            ':now': after.updatedAt,
            ':next': after.version,
            ':version': before.version,
            ':card': before.business.v,
            ...(before.priceBand ? { ':band': before.priceBand.v } : {}),
            ...(after.style ? { ':style': after.style } : {}),
          },
        },
        onConditionFailed: CONCURRENT_CHANGE,
      },
      ...entryDeletes(oldKeys.filter((k) => !newKeys.has(k.pk))),
      ...entryPuts(after),
    ],
    { fallback: CONCURRENT_CHANGE },
  );
  settleIdeaCopies(after);
}

/** Deletes an idea and its entries (false when it was gone already). Its boards are emptied of it after (boards.ts). */
export async function deleteIdeaRecord(idea: StoredIdea): Promise<boolean> {
  try {
    await transactWrite([
      {
        Delete: { TableName: table(), Key: ideaKeys.idea(idea._id), ConditionExpression: 'attribute_exists(pk)' },
        onConditionFailed: { message: 'No such idea', code: 'NOT_FOUND' },
      },
      ...(idea.postId ? [jobPicturesMove(idea.postId, idea.businessId, -1)] : []),
      ...entryDeletes(ideaEntryKeys(idea)),
    ]);
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'NOT_FOUND') return false;
    throw err;
  }
}

/** What a moderator's 'hide' writes with its decision: the mark on the idea (once), its entries deleted. */
export function hideIdeaWrites(idea: StoredIdea, mark: NonNullable<HiddenMark['hidden']>): GuardedItem[] {
  return [
    {
      Update: {
        TableName: table(),
        Key: ideaKeys.idea(idea._id),
        UpdateExpression: 'SET #hidden = :mark',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#hidden)',
        ExpressionAttributeNames: { '#hidden': 'hidden' },
        ExpressionAttributeValues: { ':mark': mark },
      },
      onConditionFailed: { message: 'The idea was hidden or deleted meanwhile', code: 'ALREADY_DECIDED' },
    },
    ...entryDeletes(ideaEntryKeys(idea)),
  ];
}

/** One page of a gallery partition (newest first): the entries, with their copies. */
export const listGallery = (
  filter: { room?: string; style?: string; town?: string; service?: string },
  page: PageRequest,
): Promise<Page<IdeaEntry>> => queryPage<IdeaEntry>({ partition: galleryPartition(filter) }, page);

/** One page of a business's ideas (newest first), hidden ones included. */
export const listIdeasOfBusiness = (businessId: string, page: PageRequest): Promise<Page<StoredIdea>> =>
  queryPage<StoredIdea>({ index: 'GSI1', partition: ideaKeys.businessIdeasPartition(businessId) }, page);

/** The ideas of a finished job (at most MAX_JOB_PICTURES: one Query). */
export async function listIdeasOfJob(postId: string): Promise<StoredIdea[]> {
  const items: StoredIdea[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        IndexName: INDEXES.GSI2.name,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': ideaKeys.jobIdeasPartition(postId) },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []).map((i) => stripKeys(i) as unknown as StoredIdea));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** Moves an idea's count of boards holding it (the save's and removal's own transactions use saveCountMove). */
export const saveCountMove = (ideaId: string, by: 1 | -1): GuardedItem => ({
  Update: {
    TableName: table(),
    Key: ideaKeys.idea(ideaId),
    UpdateExpression: 'ADD saveCount :by',
    ConditionExpression: by > 0 ? 'attribute_exists(pk) AND attribute_not_exists(#hidden)' : 'attribute_exists(pk)',
    ...(by > 0 ? { ExpressionAttributeNames: { '#hidden': 'hidden' } } : {}),
    ExpressionAttributeValues: { ':by': by },
  },
  onConditionFailed: { message: 'No such idea', code: 'NOT_FOUND' },
});

/** One less board holds the idea (outside a transaction: the idea may be gone, which is fine). */
export const countOffSave = (ideaId: string) =>
  conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: ideaKeys.idea(ideaId),
      UpdateExpression: 'ADD saveCount :minus',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':minus': -1 },
    }),
  );

/**
 * Every gallery entry of all ideas, a page of the Query after the other, with only what the sitemap and its thin
 * pages need (the public site's sitemap; cached by the CDN for an hour).
 */
export async function allGalleryEntries(): Promise<IdeaEntry[]> {
  const items: IdeaEntry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': galleryPartition({}) },
        ProjectionExpression: '#id, room, #style, town, service, createdAt, businessId, businessSub, #b',
        ExpressionAttributeNames: { '#id': '_id', '#style': 'style', '#b': 'business' },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((out.Items ?? []) as IdeaEntry[]));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/**
 * After an idea was written with the copies read before it (new tags; a new idea is checked by the write itself:
 * lambdas/data/copies.ts copyHolderCreated): when the business's card or the job's band moved meanwhile (a refresh
 * may have missed the idea, or written its old entries), the idea and its entries get the current ones, forward only.
 */
function settleIdeaCopies(idea: StoredIdea): void {
  const item = { ...ideaKeys.idea(idea._id), ...idea };
  copyHolderCreated('businessCard', idea.businessId, idea.business.v, item);
  if (idea.postId && idea.priceBand) copyHolderCreated('priceBand', idea.postId, idea.priceBand.v, item);
}
