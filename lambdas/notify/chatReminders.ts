/**
 * Unread chat messages by email: a message its recipient has not read 10 minutes later is emailed to
 * them, at most once per room per 30 minutes. The notifier sees each message as the room's unread count
 * of the recipient going up (a MODIFY of the room in the stream) and schedules a check for 10 minutes
 * later: an SQS message delayed by that much in the cloud (CHAT_REMINDER_QUEUE_URL, consumed by
 * `handler` below), a timer of the local process otherwise (CHAT_REMINDER_DELAY_MS, shorter in tests).
 * The check sends only if the count is still above 0 and the room's 30-minute claim for that member
 * can be taken (a conditional write, so two checks never both send).
 */
import type { DynamoDBRecord, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { SQSClient, SendMessageCommand } from '@aws-sdk/client-sqs';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../../common/constants';
import { notificationLink, type EmailLanguage } from '../../common/notifications';
import { ddb, table } from '../data/client';
import { keys } from '../model/keys';
import { getPreferences } from '../data/notifications';
import { getRoom } from '../data/rooms';
import { isConditionFailed } from '../data/transact';
import { TTL_ATTRIBUTE } from '../model/schema';
import { unreadAttribute, type StoredRoom } from '../model/rooms';
import { awsClientOptions } from '../lib/dependencies';
import { traceClient } from '../lib/tracing';
import { createLogger } from '../lib/log';
import { linkConfig, unsubscribeUrl } from './deliver';
import { renderEmail } from './emails';
import { businessRecipient, clientRecipient, image } from './events';
import { sendMail } from './mailer';
import { buildPushPayload, pushToDevices } from './push';

export const CHAT_REMINDER_AFTER_MS = 10 * 60_000;
export const CHAT_EMAIL_EVERY_MS = 30 * 60_000;

export interface ChatReminder {
  businessId: string;
  clientId: string;
  role: Role;
}

const ROLES: Role[] = ['client', 'business'];
const isRoom = (i: Record<string, unknown> | undefined) =>
  typeof i?.pk === 'string' && i.pk.startsWith('ROOM#') && i.sk === 'ROOM';

/** The members whose unread count went up in this change of a room (a message reached them). */
export function remindersOf(record: DynamoDBRecord): ChatReminder[] {
  if (record.eventName !== 'MODIFY') return [];
  const next = image(record.dynamodb?.NewImage as Record<string, AttributeValue> | undefined);
  const old = image(record.dynamodb?.OldImage as Record<string, AttributeValue> | undefined);
  if (!isRoom(next)) return [];
  const room = next as unknown as StoredRoom;
  return ROLES.filter(
    (role) =>
      Number(room[unreadAttribute(role)] ?? 0) >
      Number((old as Partial<StoredRoom> | undefined)?.[unreadAttribute(role)] ?? 0),
  ).map((role) => ({ businessId: room.businessId, clientId: room.clientId, role }));
}

const reminderDelayMs = () => {
  const n = Number(process.env.CHAT_REMINDER_DELAY_MS);
  return Number.isFinite(n) && n > 0 ? n : CHAT_REMINDER_AFTER_MS;
};

let sqs: SQSClient | undefined;

/** Schedules the check of each reminder for 10 minutes from now (see the file comment). */
export async function scheduleReminders(reminders: ChatReminder[]): Promise<void> {
  const queueUrl = process.env.CHAT_REMINDER_QUEUE_URL;
  for (const r of reminders) {
    if (queueUrl) {
      sqs ??= traceClient(new SQSClient(awsClientOptions()));
      await sqs.send(
        new SendMessageCommand({
          QueueUrl: queueUrl,
          MessageBody: JSON.stringify(r),
          DelaySeconds: Math.round(reminderDelayMs() / 1000),
        }),
      );
    } else {
      // Locally (npm start, the tests) the notifier runs in a long-lived process: a timer stands in for the delayed queue.
      setTimeout(() => {
        checkReminder(r).catch((err) =>
          createLogger({ handler: 'chatReminder' }).error('Chat reminder failed', { error: String(err) }),
        );
      }, reminderDelayMs()).unref();
    }
  }
}

/**
 * Sends the reminder (email, and a push to the member's devices when they have chat pushes on) if the messages
 * are still unread and the room's member was not reminded in the last 30 minutes.
 */
export async function checkReminder(
  r: ChatReminder,
  now = new Date(),
): Promise<'sent' | 'read' | 'recent' | 'off' | 'gone'> {
  const room = await getRoom(r.businessId, r.clientId);
  if (!room) return 'gone';
  if (Number(room[unreadAttribute(r.role)] ?? 0) === 0) return 'read';
  const to = r.role === 'business' ? await businessRecipient(room.businessId) : await clientRecipient(room.clientId);
  if (!to) return 'gone';
  const prefs = await getPreferences(to.sub);
  const email = Boolean(to.email) && prefs.emails.chatUnread;
  if (!email && !prefs.push.chatUnread) return 'off';
  const claim = keys.chatReminder(keys.room(room.businessId, room.clientId).pk, r.role);
  const at = now.toISOString();
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: claim,
        UpdateExpression: 'SET lastEmailAt = :now, #ttl = :ttl',
        ConditionExpression: 'attribute_not_exists(lastEmailAt) OR lastEmailAt < :since',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':now': at,
          ':since': new Date(now.getTime() - CHAT_EMAIL_EVERY_MS).toISOString(),
          ':ttl': Math.floor(now.getTime() / 1000) + 86_400,
        },
      }),
    );
  } catch (err) {
    if (isConditionFailed(err)) return 'recent';
    throw err;
  }
  const data = {
    roomId: room._id,
    senderName: r.role === 'business' ? room.user.username : room.business.businessName,
  };
  try {
    if (email && to.email) await emailReminder(to as typeof to & { email: string }, data);
  } catch (err) {
    // Not sent: the claim goes, so the retry of this check can send.
    await ddb()
      .send(
        new UpdateCommand({
          TableName: table(),
          Key: claim,
          UpdateExpression: 'REMOVE lastEmailAt',
          ConditionExpression: 'lastEmailAt = :now',
          ExpressionAttributeValues: { ':now': at },
        }),
      )
      .catch(() => undefined);
    throw err;
  }
  // The same reminder as a push to each device of the member that has it on (never retried: at most one per claim).
  if (prefs.push.chatUnread) {
    const link = notificationLink('chatUnread', data);
    await pushToDevices(
      to.sub,
      buildPushPayload(
        { _id: `chat_${room._id}_${at}`, kind: 'chatUnread', data, link },
        to.language,
        linkConfig.appUrl,
      ),
    ).catch((err: unknown) =>
      createLogger({ handler: 'chatReminder' }).warn('Chat push failed', { error: String(err) }),
    );
  }
  return 'sent';
}

/** The reminder email of unread messages, with its one-click unsubscribe link. */
async function emailReminder(
  to: { sub: string; email: string; language: EmailLanguage; profileId: string },
  data: { roomId: string; senderName: string },
) {
  const unsubscribe = await unsubscribeUrl(to.sub, 'chatUnread');
  const email = renderEmail('chatUnread', data, to.language, {
    page: `${linkConfig.appUrl}${notificationLink('chatUnread', data)}`,
    unsubscribe,
    settings: `${linkConfig.appUrl}/settings/${to.profileId}/notifications`,
  });
  await sendMail({
    to: to.email,
    ...email,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  });
}

/** The consumer of the delayed queue in the cloud: each message is one check; failures are retried by SQS. */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const message of event.Records) {
    try {
      await checkReminder(JSON.parse(message.body) as ChatReminder);
    } catch (err) {
      createLogger({ handler: 'chatReminder' }).error('Chat reminder failed: SQS retries it', {
        messageId: message.messageId,
        error: String(err),
      });
      failures.push({ itemIdentifier: message.messageId });
    }
  }
  return { batchItemFailures: failures };
};
