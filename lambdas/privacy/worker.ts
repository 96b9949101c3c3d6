/**
 * The privacy worker: a second reader of the table's stream (in the cloud an event source mapping filtered to these
 * records: infra/constructs/privacy.ts; locally bin/local/streams.ts hands it every record and it takes its own):
 *  - a data export asked for (`EXPORT#{sub}` put `requested`): the export is made (lambdas/privacy/export.ts);
 *  - an account closed (its closure item inserted): the email that says when it is erased, and how to keep it.
 * Each is idempotent (the export's `requested -> running` claim, the email's claim on the closure item), so a record
 * handed over twice does its work once. A failed record fails the batch from it: the stream retries it.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { EmailLanguage } from '../../common/notifications';
import { keys } from '../model/keys';
import { claimClosureEmail, getClosure, settleClosureEmail } from '../data/closures';
import type { StoredClosure } from '../model/closures';
import type { StoredExport } from '../model/exports';
import { createLogger, type Logger } from '../lib/log';
import { loadServiceAccount } from '../chat/serviceAccount';
import { image } from '../notify/events';
import { linkConfig } from '../notify/deliver';
import { sendMail } from '../notify/mailer';
import { runExport } from './export';
import { closureEmail } from './texts';

type Item = Record<string, unknown>;

const isExport = (i: Item | undefined) => typeof i?.pk === 'string' && i.pk.startsWith('EXPORT#') && i.sk === 'EXPORT';
const isClosure = (i: Item | undefined) =>
  i?.pk === keys.suspensionsPartition && typeof i.sk === 'string' && i.sk.startsWith(keys.closedAccountPrefix);

/** Whether a record is a new export request (put `requested`, not the worker's own moves of it). */
export function exportRequestOf(record: DynamoDBRecord): StoredExport | undefined {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!isExport(next) || next!.status !== 'requested') return undefined;
  if (old && old.requestedAt === next!.requestedAt && old.status === 'requested') return undefined;
  return next as unknown as StoredExport;
}

/** Whether a record is an account just closed. */
export function closureOf(record: DynamoDBRecord): StoredClosure | undefined {
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  return record.eventName === 'INSERT' && isClosure(next) ? (next as unknown as StoredClosure) : undefined;
}

async function emailClosure(inserted: StoredClosure, log: Logger): Promise<void> {
  // Still closed (not cancelled or erased meanwhile), and this record's closure.
  const closure = await getClosure(inserted.sub);
  if (!closure?.email || closure.closedAt !== inserted.closedAt) return;
  const now = new Date();
  if (!(await claimClosureEmail(closure, now))) return;
  const lang: EmailLanguage = closure.language === 'en' ? 'en' : 'sq';
  try {
    await sendMail({ to: closure.email, ...closureEmail(lang, closure.eraseAfter, `${linkConfig.appUrl}/login`) });
  } catch (err) {
    await settleClosureEmail(closure, 'released').catch(() => undefined);
    throw err;
  }
  await settleClosureEmail(closure, 'sent');
  log.info('Closure email sent');
}

export async function handleRecord(record: DynamoDBRecord, log: Logger): Promise<void> {
  const request = exportRequestOf(record);
  if (request) await runExport(request, { chat: await loadServiceAccount(), log });
  const closure = closureOf(record);
  if (closure) await emailClosure(closure, log);
}

export const handler = async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
  const log = createLogger({ handler: 'privacyWorker' });
  for (const record of event.Records) {
    try {
      await handleRecord(record, log);
    } catch (err) {
      log.error('A stream record failed: the batch is retried from it', {
        eventID: record.eventID,
        error: err instanceof Error ? `${err.name}: ${err.message}` : String(err),
      });
      return { batchItemFailures: [{ itemIdentifier: record.dynamodb?.SequenceNumber ?? record.eventID ?? '' }] };
    }
  }
  return { batchItemFailures: [] };
};
