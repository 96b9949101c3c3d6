/**
 * The notifier: the Lambda the table's DynamoDB Stream invokes (in the cloud, infra/constructs/
 * notifications.ts; locally, bin/local/streams.ts calls it with the same event). Records are handled in
 * order; at the first that fails (a send refused, a dependency down) the rest of the batch is left and
 * that record is reported as the batch item failure (ReportBatchItemFailures), so the stream retries from
 * it. Every notification is idempotent per stream event (lambdas/notify/deliver.ts), so records retried
 * after a partial success send nothing twice.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { createLogger } from '../lib/log';
import { deliver } from './deliver';
import { notificationsOf } from './events';
import { leadDraftsOf, syncLeadIndex } from './leads';
import { remindersOf, scheduleReminders } from './chatReminders';
import { countWeekly } from './weekCounts';
import { countOperatorFigures } from './operatorFigures';
import { movePriceGuide } from './priceGuide';
import { carryClientName } from './clientNames';
import { carryVerificationName } from './verificationNames';
import { carryRoomProfiles } from './roomProfiles';
import { carryPostSummary } from './postSummaries';
import { carryBusinessCard, onlyCardCopyChanged } from './businessCards';
import { carryIdeaChanges } from './ideas';

export async function handleRecord(record: DynamoDBRecord) {
  // A business's card written onto its offers, ads, search entries and ideas (or a band onto ideas) changes nothing else.
  if (onlyCardCopyChanged(record)) return 0;
  await syncLeadIndex(record);
  const drafts = [...(await notificationsOf(record)), ...(await leadDraftsOf(record))];
  for (const d of drafts) await deliver(d);
  await scheduleReminders(remindersOf(record));
  await countWeekly(record);
  await countOperatorFigures(record);
  await movePriceGuide(record);
  await carryClientName(record);
  await carryVerificationName(record);
  await carryRoomProfiles(record);
  await carryPostSummary(record);
  await carryBusinessCard(record);
  await carryIdeaChanges(record);
  return drafts.length;
}

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const log = createLogger({ handler: 'notifier' });
  for (const record of event.Records) {
    try {
      await handleRecord(record);
    } catch (err) {
      log.error('A stream record failed: the batch is retried from it', {
        eventID: record.eventID,
        sequenceNumber: record.dynamodb?.SequenceNumber,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
