/**
 * In-app notifications (docs/access-patterns.md, patterns 23-26). Each user's notifications are in
 * their own partition `NOTIFS#{sub}`, sort key = the notification's id `{createdAt}_{hash}` (so a
 * Query reads them newest first), deleted by TTL after NOTIFICATION_TTL_DAYS. The unread count, the
 * "read all up to" mark and the email preferences are one item `NOTIFSTATE#{sub}` / `STATE`:
 * - a new notification is one transaction: the Put (condition: not there yet, so a stream record
 *   processed twice stores it once) and ADD 1 to the count;
 * - mark one read: SET readAt on the notification (condition: unread) and ADD -1, in one transaction;
 * - mark all read: the count to 0 and `readAllBefore` = now; a notification is read when it has readAt or
 *   its id sorts at or below readAllBefore.
 * The email of a notification is claimed on the notification itself (`emailState`), so a retried batch
 * never sends a sent email again (lambdas/notify/deliver.ts).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_PREFERENCES,
  NOTIFICATION_KINDS,
  NOTIFICATION_TTL_DAYS,
  type AppNotification,
  type LeadAlertMode,
  type NotificationData,
  type NotificationKind,
  type NotificationPreferences,
} from '../../common/notifications';
import { ddb, table } from './client';
import { keys, stripKeys } from './keys';
import { startKeyOf, invalidCursor, isValidationError, type Page, type PageRequest } from './query';
import { encodeCursor } from '../lib/cursor';
import { TTL_ATTRIBUTE } from './schema';
import { transact, TransactionRefused, isConditionFailed } from './transact';

export interface StoredNotification {
  /** `{createdAt}_{hash of the event}`: the sort key. */
  _id: string;
  recipientSub: string;
  kind: NotificationKind;
  createdAt: string;
  link: string;
  data: NotificationData;
  readAt?: string;
  /** Email delivery: claimed ('sending', with emailClaimedAt), 'sent', or 'skipped' (turned off, no address). */
  emailState?: 'sending' | 'sent' | 'skipped';
  emailClaimedAt?: string;
  /** Set once the notification's push was claimed for sending: a retried batch does not push it again. */
  pushState?: 'sent';
  [TTL_ATTRIBUTE]: number;
}

interface StoredState {
  unread?: number;
  readAllBefore?: string;
  emails?: Partial<Record<NotificationKind, boolean>>;
  push?: Partial<Record<NotificationKind, boolean>>;
  leadAlerts?: LeadAlertMode;
}

export const expiresAt = (createdAt: string) =>
  Math.floor(Date.parse(createdAt) / 1000) + NOTIFICATION_TTL_DAYS * 86_400;

const getState = async (sub: string, consistent = false): Promise<StoredState> => {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.notificationState(sub), ConsistentRead: consistent }),
  );
  return (Item ?? {}) as StoredState;
};

const isRead = (n: StoredNotification, state: StoredState) =>
  Boolean(n.readAt) || (state.readAllBefore !== undefined && n._id <= state.readAllBefore);

export const toNotificationDto = (n: StoredNotification, state: StoredState): AppNotification => ({
  _id: n._id,
  kind: n.kind,
  createdAt: n.createdAt,
  read: isRead(n, state),
  link: n.link,
  data: n.data,
});

/**
 * Stores a notification once. Answers true when this call stored it, false when it was there already
 * (the same event processed again). Counted unread unless a "read all" mark already covers it.
 */
export async function storeNotification(n: StoredNotification): Promise<boolean> {
  const put = {
    Put: {
      TableName: table(),
      Item: { ...keys.notification(n.recipientSub, n._id), ...n },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
  const count = {
    Update: {
      TableName: table(),
      Key: keys.notificationState(n.recipientSub),
      UpdateExpression: 'ADD unread :one',
      ConditionExpression: 'attribute_not_exists(readAllBefore) OR readAllBefore < :id',
      ExpressionAttributeValues: { ':one': 1, ':id': n._id },
    },
  };
  try {
    await transact([put, count]);
    return true;
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (err.conditionFailed(0)) return false;
    if (!err.conditionFailed(1)) throw err;
  }
  // Older than the last "read all": stored as read, not counted.
  try {
    await ddb().send(new PutCommand({ ...put.Put, Item: { ...put.Put.Item, readAt: n.createdAt } }));
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

export const getNotification = async (sub: string, id: string): Promise<StoredNotification | undefined> => {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.notification(sub, id), ConsistentRead: true }),
  );
  return Item ? (stripKeys(Item) as unknown as StoredNotification) : undefined;
};

/** The caller's notifications, newest first, one page. */
export async function listNotifications(sub: string, page: PageRequest): Promise<Page<AppNotification>> {
  const partition = keys.notificationsPartition(sub);
  const start = startKeyOf(page.cursor, partition);
  let out;
  let state: StoredState;
  try {
    [out, state] = await Promise.all([
      ddb().send(
        new QueryCommand({
          TableName: table(),
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          ScanIndexForward: false,
          Limit: page.limit,
          ExclusiveStartKey: start,
        }),
      ),
      getState(sub),
    ]);
  } catch (err) {
    throw start && isValidationError(err) ? invalidCursor() : err;
  }
  const items = (out.Items ?? []).map((i) => toNotificationDto(stripKeys(i) as unknown as StoredNotification, state));
  return { items, nextCursor: items.length ? encodeCursor(out.LastEvaluatedKey) : undefined };
}

/** The caller's unread count (never below 0). */
export async function unreadCount(sub: string): Promise<number> {
  const state = await getState(sub);
  return Math.max(0, state.unread ?? 0);
}

/** Marks one notification read; answers it, or undefined when the caller has no such notification. */
export async function markRead(sub: string, id: string, now: string): Promise<AppNotification | undefined> {
  const key = keys.notification(sub, id);
  const setRead = {
    Update: {
      TableName: table(),
      Key: key,
      UpdateExpression: 'SET readAt = :now',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(readAt)',
      ExpressionAttributeValues: { ':now': now },
    },
  };
  try {
    await transact([
      setRead,
      {
        Update: {
          TableName: table(),
          Key: keys.notificationState(sub),
          UpdateExpression: 'ADD unread :minus',
          ConditionExpression: 'unread > :zero AND (attribute_not_exists(readAllBefore) OR readAllBefore < :id)',
          ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':id': id },
        },
      },
    ]);
  } catch (err) {
    if (!(err instanceof TransactionRefused)) throw err;
    if (!err.conditionFailed(0) && err.conditionFailed(1)) {
      // Already counted read by a "read all" mark: only the notification changes.
      try {
        await ddb().send(new UpdateCommand(setRead.Update));
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    } else if (!err.conditionFailed(0)) throw err;
  }
  const n = await getNotification(sub, id);
  return n ? toNotificationDto(n, await getState(sub, true)) : undefined;
}

/** Marks every notification of the caller read (those stored up to `now`). */
export async function markAllRead(sub: string, now: string): Promise<void> {
  // Ids start with their createdAt: every id of a notification made up to now sorts below `{now}_~`.
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.notificationState(sub),
      UpdateExpression: 'SET unread = :zero, readAllBefore = :mark',
      ExpressionAttributeValues: { ':zero': 0, ':mark': `${now}_~` },
    }),
  );
}

/** The user's preferences, defaults filled in. */
export async function getPreferences(sub: string): Promise<NotificationPreferences> {
  const state = await getState(sub);
  return {
    emails: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, state.emails?.[k] ?? DEFAULT_PREFERENCES.emails[k]]),
    ) as NotificationPreferences['emails'],
    push: Object.fromEntries(
      NOTIFICATION_KINDS.map((k) => [k, state.push?.[k] ?? DEFAULT_PREFERENCES.push[k]]),
    ) as NotificationPreferences['push'],
    leadAlerts: state.leadAlerts ?? DEFAULT_PREFERENCES.leadAlerts,
  };
}

/** Changes some preferences: each email and push switch given, and the lead alert mode when given. */
export async function updatePreferences(
  sub: string,
  changes: {
    emails?: Partial<Record<NotificationKind, boolean>>;
    push?: Partial<Record<NotificationKind, boolean>>;
    leadAlerts?: LeadAlertMode;
  },
): Promise<NotificationPreferences> {
  const current = await getState(sub, true);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  for (const channel of ['emails', 'push'] as const) {
    if (!changes[channel]) continue;
    const merged = { ...current[channel], ...changes[channel] };
    // No empty map is stored: the DynamoDB Streams client reads an empty map as no value at all.
    if (!Object.keys(merged).length) continue;
    sets.push(`#${channel} = :${channel}`);
    names[`#${channel}`] = channel;
    values[`:${channel}`] = merged;
  }
  if (changes.leadAlerts) {
    sets.push('leadAlerts = :lead');
    values[':lead'] = changes.leadAlerts;
  }
  if (!sets.length) return getPreferences(sub);
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.notificationState(sub),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    }),
  );
  return getPreferences(sub);
}

/** How long a claim to send an email holds before another attempt may take it over (a crashed sender). */
export const EMAIL_CLAIM_MS = 60_000;

/**
 * Claims the email of a notification for sending: true when this caller may send it now; false when it
 * was sent (or skipped) already, or another attempt is sending it right now.
 */
export async function claimEmail(n: Pick<StoredNotification, '_id' | 'recipientSub'>, now: Date): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.notification(n.recipientSub, n._id),
        UpdateExpression: 'SET emailState = :sending, emailClaimedAt = :now',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(emailState) OR (emailState = :sending AND emailClaimedAt < :stale))',
        ExpressionAttributeValues: {
          ':sending': 'sending',
          ':now': now.toISOString(),
          ':stale': new Date(now.getTime() - EMAIL_CLAIM_MS).toISOString(),
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}

/** The email was sent ('sent') or is not to be sent ('skipped'): no retry sends it. */
export const settleEmail = (n: Pick<StoredNotification, '_id' | 'recipientSub'>, state: 'sent' | 'skipped') =>
  ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: keys.notification(n.recipientSub, n._id),
      UpdateExpression: 'SET emailState = :state REMOVE emailClaimedAt',
      ExpressionAttributeValues: { ':state': state },
    }),
  );

/** Sending failed: the claim is released so the retry of the batch sends it. */
export const releaseEmail = (n: Pick<StoredNotification, '_id' | 'recipientSub'>) =>
  ddb()
    .send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.notification(n.recipientSub, n._id),
        UpdateExpression: 'REMOVE emailState, emailClaimedAt',
        ConditionExpression: 'emailState = :sending',
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    )
    .catch((err) => {
      if (!isConditionFailed(err)) throw err;
    });

/**
 * Claims the push of a notification (at most once: a retried batch never pushes it again; a crash between
 * the claim and the sending loses that one push, which the in-app notification and the email still carry).
 */
export async function claimPush(n: Pick<StoredNotification, '_id' | 'recipientSub'>): Promise<boolean> {
  try {
    await ddb().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.notification(n.recipientSub, n._id),
        UpdateExpression: 'SET pushState = :sent',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(pushState)',
        ExpressionAttributeValues: { ':sent': 'sent' },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailed(err)) return false;
    throw err;
  }
}
