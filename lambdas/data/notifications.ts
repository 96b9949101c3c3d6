/**
 * In-app notifications (docs/access-patterns.md, patterns 23-26). Each user's notifications are in
 * their own partition `NOTIFS#{sub}`, sort key = the notification's id `{createdAt}_{hash}` (so a
 * Query reads them newest first), deleted by TTL after NOTIFICATION_TTL_DAYS. The unread count, the
 * "read all up to" mark and the email and push preferences are one item in the same partition, under a
 * sort key above every id (keys.notificationState), so the first page of the list reads it in its Query:
 * - a new notification is one transaction: the Put (condition: not there yet, so a stream record
 *   processed twice stores it once) and ADD 1 to the count;
 * - mark one read: SET readAt on the notification (condition: unread) and ADD -1, in one transaction;
 * - mark all read: the count to 0 and `readAllBefore` = now; a notification is read when it has readAt or
 *   its id sorts at or below readAllBefore. The list's cursor carries the mark its first page read, so the
 *   next pages are one Query each too (a page shows the mark as it was when the list was opened).
 * A user's state is created with their user or business record (startNotificationState); an account without a
 * profile yet has none, read as an empty state, and gets one at its first write to it.
 * The email of a notification is claimed on the notification itself (`emailState`), so a retried batch
 * never sends a sent email again (lambdas/notify/deliver.ts).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  DEFAULT_PREFERENCES,
  NOTIFICATION_TTL_DAYS,
  type AppNotification,
  type NotificationPreferences,
} from '../../common/notifications';
import { NOTIFICATION_KINDS, type LeadAlertMode, type NotificationKind } from '../../common/constants';
import { ddb, table } from './client';
import { keys, stripKeys } from '../model/keys';
import { checkedStartKey, invalidCursor, isValidationError, type Page, type PageRequest } from './query';
import { decodeCursor, encodeCursor } from '../lib/cursor';
import { transact, TransactionRefused, isConditionFailed, type TransactItem, conditionalWrite } from './transact';
import type { StoredNotification } from '../model/notifications';

interface StoredState {
  unread?: number;
  readAllBefore?: string;
  emails?: Partial<Record<NotificationKind, boolean>>;
  push?: Partial<Record<NotificationKind, boolean>>;
  leadAlerts?: LeadAlertMode;
}

export const expiresAt = (createdAt: string) =>
  Math.floor(Date.parse(createdAt) / 1000) + NOTIFICATION_TTL_DAYS * 86_400;

/** The "read all" mark of `now`: ids start with their createdAt, so every id made up to now sorts below it. */
const readMark = (now: string) => `${now}_~`;
const READ_MARK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_~$/;

/** Whether `id` may be a notification's id (the state item shares the partition). */
const isNotificationId = (id: string) => id !== keys.notificationStateSk;

/** The user's state; none (an account without a profile yet) is an empty state. */
const getState = async (sub: string, consistent = false): Promise<StoredState> => {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.notificationState(sub), ConsistentRead: consistent }),
  );
  return Item ? (stripKeys(Item) as StoredState) : {};
};

/**
 * The write that gives a user a state when there is none (nothing unread), leaving one that is there alone: in the
 * transaction that creates a user's or business's record (lambdas/data/users.ts, businesses.ts), and before the
 * first write of an account that has none yet (stateWasMissing).
 */
export const startNotificationState = (sub: string): TransactItem => ({
  Update: {
    TableName: table(),
    Key: keys.notificationState(sub),
    UpdateExpression: 'SET unread = if_not_exists(unread, :zero)',
    ExpressionAttributeValues: { ':zero': 0 },
  },
});

/**
 * Before a write whose condition failed because the user may have no state yet: answers false when there is one
 * (the condition failed for another reason); else starts an empty one and answers true: the caller writes again.
 */
async function stateWasMissing(sub: string): Promise<boolean> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.notificationState(sub), ConsistentRead: true }),
  );
  if (Item) return false;
  await transact([startNotificationState(sub)]);
  return true;
}

/** Writes to the state (conditional on it existing) retry once after a missing state was started. */
const STATE_WRITE_ATTEMPTS = 2;

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
      ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(readAllBefore) OR readAllBefore < :id)',
      ExpressionAttributeValues: { ':one': 1, ':id': n._id },
    },
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await transact([put, count]);
      return true;
    } catch (err) {
      if (!(err instanceof TransactionRefused)) throw err;
      if (err.conditionFailed(0)) return false;
      if (!err.conditionFailed(1)) throw err;
    }
    if (attempt >= STATE_WRITE_ATTEMPTS || !(await stateWasMissing(n.recipientSub))) break;
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
  if (!isNotificationId(id)) return undefined;
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.notification(sub, id), ConsistentRead: true }),
  );
  return Item ? (stripKeys(Item) as unknown as StoredNotification) : undefined;
};

/**
 * Where a page of the list starts: the key of the last notification of the page before, and the "read all" mark
 * the list's first page read (absent: none).
 */
interface ListPosition {
  start: Record<string, unknown>;
  readAllBefore?: string;
}

function positionOf(cursor: string | undefined, partition: string): ListPosition | undefined {
  const decoded = decodeCursor(cursor);
  if (!decoded) return undefined;
  const { at, readAllBefore, ...rest } = decoded;
  const wellFormed =
    Object.keys(rest).length === 0 &&
    at !== null &&
    typeof at === 'object' &&
    !Array.isArray(at) &&
    (readAllBefore === undefined || (typeof readAllBefore === 'string' && READ_MARK.test(readAllBefore)));
  if (!wellFormed) throw invalidCursor();
  return {
    start: checkedStartKey(at as Record<string, unknown>, partition),
    ...(readAllBefore === undefined ? {} : { readAllBefore: readAllBefore as string }),
  };
}

/**
 * The caller's notifications, newest first, one page: one Query. The first page asks for one item more, which is
 * the state when the user has one (it sorts above every notification); its read mark goes into the cursor for the
 * pages after.
 */
export async function listNotifications(sub: string, page: PageRequest): Promise<Page<AppNotification>> {
  const partition = keys.notificationsPartition(sub);
  const position = positionOf(page.cursor, partition);
  let out;
  try {
    out = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ScanIndexForward: false,
        Limit: position ? page.limit : page.limit + 1,
        ExclusiveStartKey: position?.start,
      }),
    );
  } catch (err) {
    throw position && isValidationError(err) ? invalidCursor() : err;
  }
  const found = out.Items ?? [];
  const stateItem = position ? undefined : found.find((i) => i.sk === keys.notificationStateSk);
  const rows = found.filter((i) => i.sk !== keys.notificationStateSk);
  const more = rows.length > page.limit || out.LastEvaluatedKey !== undefined;
  const shown = rows.slice(0, page.limit);
  const state: StoredState = stateItem
    ? (stripKeys(stateItem) as StoredState)
    : { readAllBefore: position?.readAllBefore };
  const items = shown.map((i) => toNotificationDto(stripKeys(i) as unknown as StoredNotification, state));
  const last = shown.at(-1);
  return {
    items,
    nextCursor:
      more && last
        ? encodeCursor({
            at: { pk: last.pk, sk: last.sk },
            ...(state.readAllBefore === undefined ? {} : { readAllBefore: state.readAllBefore }),
          })
        : undefined,
  };
}

/** The caller's unread count (never below 0). */
export async function unreadCount(sub: string): Promise<number> {
  const state = await getState(sub);
  return Math.max(0, state.unread ?? 0);
}

/** Marks one notification read; answers it, or undefined when the caller has no such notification. */
export async function markRead(sub: string, id: string, now: string): Promise<AppNotification | undefined> {
  if (!isNotificationId(id)) return undefined;
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
  const count = {
    Update: {
      TableName: table(),
      Key: keys.notificationState(sub),
      UpdateExpression: 'ADD unread :minus',
      ConditionExpression: 'unread > :zero AND (attribute_not_exists(readAllBefore) OR readAllBefore < :id)',
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0, ':id': id },
    },
  };
  for (let attempt = 1; ; attempt++) {
    try {
      await transact([setRead, count]);
      break;
    } catch (err) {
      if (!(err instanceof TransactionRefused)) throw err;
      if (err.conditionFailed(0)) break;
      if (!err.conditionFailed(1)) throw err;
    }
    if (attempt < STATE_WRITE_ATTEMPTS && (await stateWasMissing(sub))) continue;
    // Already counted read by a "read all" mark: only the notification changes.
    try {
      await ddb().send(new UpdateCommand(setRead.Update));
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
    }
    break;
  }
  const n = await getNotification(sub, id);
  return n ? toNotificationDto(n, await getState(sub, true)) : undefined;
}

/** Runs an Update of the user's state, conditional on it existing (started first when it does not). */
async function updateState(
  sub: string,
  update: {
    UpdateExpression: string;
    ExpressionAttributeNames?: Record<string, string>;
    ExpressionAttributeValues: Record<string, unknown>;
  },
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb().send(
        new UpdateCommand({
          TableName: table(),
          Key: keys.notificationState(sub),
          ConditionExpression: 'attribute_exists(pk)',
          ...update,
        }),
      );
      return;
    } catch (err) {
      if (!isConditionFailed(err) || attempt >= STATE_WRITE_ATTEMPTS || !(await stateWasMissing(sub))) throw err;
    }
  }
}

/** Marks every notification of the caller read (those stored up to `now`). */
export async function markAllRead(sub: string, now: string): Promise<void> {
  await updateState(sub, {
    UpdateExpression: 'SET unread = :zero, readAllBefore = :mark',
    ExpressionAttributeValues: { ':zero': 0, ':mark': readMark(now) },
  });
}

/** The user's preferences, defaults filled in. */
export async function getPreferences(sub: string): Promise<NotificationPreferences> {
  return preferencesOf(await getState(sub));
}

const preferencesOf = (state: StoredState): NotificationPreferences => ({
  emails: Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, state.emails?.[k] ?? DEFAULT_PREFERENCES.emails[k]]),
  ) as NotificationPreferences['emails'],
  push: Object.fromEntries(
    NOTIFICATION_KINDS.map((k) => [k, state.push?.[k] ?? DEFAULT_PREFERENCES.push[k]]),
  ) as NotificationPreferences['push'],
  leadAlerts: state.leadAlerts ?? DEFAULT_PREFERENCES.leadAlerts,
});

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
  await updateState(sub, {
    UpdateExpression: `SET ${sets.join(', ')}`,
    ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
    ExpressionAttributeValues: values,
  });
  return getPreferences(sub);
}

/** How long a claim to send an email holds before another attempt may take it over (a crashed sender). */
export const EMAIL_CLAIM_MS = 60_000;

/**
 * Claims the email of a notification for sending: true when this caller may send it now; false when it
 * was sent (or skipped) already, or another attempt is sending it right now.
 */
export async function claimEmail(n: Pick<StoredNotification, '_id' | 'recipientSub'>, now: Date): Promise<boolean> {
  return conditionalWrite(
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
  return conditionalWrite(
    new UpdateCommand({
      TableName: table(),
      Key: keys.notification(n.recipientSub, n._id),
      UpdateExpression: 'SET pushState = :sent',
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(pushState)',
      ExpressionAttributeValues: { ':sent': 'sent' },
    }),
  );
}
