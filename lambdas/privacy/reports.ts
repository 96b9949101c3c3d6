/**
 * Reports and a person who deletes their account (docs/privacy.md): moderators never see a deleted person's data.
 *  - Reports about the person's items (their requests, their business, reviews they wrote, chat messages they sent):
 *    when the account closes, an open entry closes itself (dismissed, with the reason) and keeps nothing of the
 *    person (no excerpt, owner, name, link or notes); at the erasure every such entry goes, with the reports in it.
 *  - Reports the person filed: found through their index (keys.reportsByIndex), removed at the erasure, and their
 *    count and note taken off the entry they were part of.
 * Entries are found by their ids, which are hashes of the item (lambdas/domain/moderation.ts reportEntryId): a
 * BatchGet of the person's items' entries, no list of the queue.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReportKind } from '../../common/constants';
import { ddb, table } from '../data/client';
import { keys, stripKeys } from '../model/keys';
import { allItemsOf, batchGet, eachItemOf } from '../data/query';
import { deleteItems } from '../data/batchWrites';
import { INDEXES } from '../model/schema';
import { isConditionFailed, transact, TransactionRefused } from '../data/transact';
import { reportEntryId } from '../domain/moderation';
import { type StoredReport, type StoredReportedItem } from '../model/moderation';

/** Why an entry about a deleted account closed itself (what the moderators' queue shows). */
export const CLOSED_ACCOUNT_REASON = 'Closed by itself: its owner deleted their account';
/** What an entry about a deleted account says instead of its owner. */
export const DELETED_OWNER = 'deleted-account';

/** An item of the person that may have been reported. */
export interface ReportableItem {
  kind: ReportKind;
  targetId: string;
}

/** The queue entries of these items that exist. */
export async function entriesAbout(items: ReportableItem[]): Promise<StoredReportedItem[]> {
  if (!items.length) return [];
  return batchGet<StoredReportedItem>(items.map((i) => keys.reportedItem(reportEntryId(i.kind, i.targetId))));
}

/**
 * The entry of a closed account's item closes itself: an open one is dismissed with CLOSED_ACCOUNT_REASON, and any
 * one keeps nothing of its owner. Each a conditional Update on the status read (a decision meanwhile: read again).
 */
export async function closeEntryOfClosedAccount(entry: StoredReportedItem, at: string): Promise<void> {
  const open = entry.status === 'open';
  const index = keys.reportQueueIndex(
    open ? 'dismissed' : entry.status,
    open ? at : (entry.decidedAt ?? at),
    entry._id,
  );
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.reportedItem(entry._id),
        UpdateExpression:
          'SET excerpt = :empty, ownerSub = :deleted, notes = :none' +
          (open ? ', #s = :dismissed, decidedAt = :at, decisionReason = :reason, gsi1pk = :qpk, gsi1sk = :qsk' : '') +
          ' REMOVE ownerName, link',
        ConditionExpression: '#s = :status',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':empty': '',
          ':deleted': DELETED_OWNER,
          ':none': [],
          ':status': entry.status,
          ...(open
            ? {
                ':dismissed': 'dismissed',
                ':at': at,
                ':reason': CLOSED_ACCOUNT_REASON,
                ':qpk': index.gsi1pk,
                ':qsk': index.gsi1sk,
              }
            : {}),
        },
      }),
    );
  } catch (err) {
    if (!isConditionFailed(err)) throw err;
    const again = (await entriesAbout([{ kind: entry.kind, targetId: entry.targetId }]))[0];
    if (again) await closeEntryOfClosedAccount(again, at);
  }
}

/** Deletes an entry and every report in it (its partition). */
export async function deleteEntry(entryId: string): Promise<void> {
  const items = await allItemsOf({ partition: keys.reportedItem(entryId).pk, consistent: true });
  await deleteItems(items.map((i) => ({ pk: String(i.pk), sk: String(i.sk) })));
}

/** The reports the person filed (their index, keys.reportsByIndex). */
export async function reportsFiledBy(sub: string): Promise<StoredReport[]> {
  const found: StoredReport[] = [];
  for await (const item of eachItemOf({ index: INDEXES.GSI2.name, partition: keys.reportsByPartition(sub) }))
    found.push(stripKeys(item) as unknown as StoredReport);
  return found;
}

/**
 * Takes one report out: its item goes and, in the same transaction, the entry it counted in counts one less (its
 * reason too) and drops its note (condition: the report is still there and the entry's count is the one read; two
 * at once: read again). The only report of an item takes its entry with it.
 */
export async function withdrawReport(report: StoredReport): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const [entry] = await batchGet<StoredReportedItem>([keys.reportedItem(report.entryId)]);
    if (!entry || entry.reportCount <= 1) {
      await deleteEntry(report.entryId);
      return;
    }
    const reasons = { ...entry.reasons, [report.reason]: Math.max(0, (entry.reasons[report.reason] ?? 1) - 1) };
    const notes = report.note ? entry.notes.filter((n) => n !== report.note) : entry.notes;
    try {
      await transact([
        {
          Delete: {
            TableName: table(),
            Key: keys.report(report.entryId, report.reporterSub),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        {
          Update: {
            TableName: table(),
            Key: keys.reportedItem(entry._id),
            UpdateExpression: 'SET reportCount = :count, reasons = :reasons, notes = :notes',
            ConditionExpression: 'reportCount = :read',
            ExpressionAttributeValues: {
              ':count': entry.reportCount - 1,
              ':reasons': reasons,
              ':notes': notes,
              ':read': entry.reportCount,
            },
          },
        },
      ]);
      return;
    } catch (err) {
      if (!(err instanceof TransactionRefused)) throw err;
      // Gone already (a run before this one took it out): done.
      if (err.conditionFailed(0)) return;
    }
  }
  throw new Error('A report could not be withdrawn: its entry kept changing');
}
