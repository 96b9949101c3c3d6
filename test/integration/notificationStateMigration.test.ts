/**
 * The notification state in the notifications' partition over the local stack: a state stored as before (its own item
 * `NOTIFSTATE#{sub}`) is what the API answers from until it is moved (the list, its pages and read flags, the unread
 * count, the preferences); the first write moves it (the notifier's new notification keeps the email switch turned off
 * before; a preferences change keeps the old switches); `npm run migrate:notification-state` moves what is left with the
 * same answers, merges a state found at both keys, starts an empty state for a user with none (every new account gets
 * one with its record), and a second run changes nothing.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '../../lambdas/data/keys';
import { migrateNotificationState } from '../../scripts/migrate-notification-state';
import {
  call,
  newBusiness,
  newClient,
  newOffer,
  newPost,
  stack,
  stackPool,
  type CallResult,
  type Client,
} from '../support/api';
import { tableClient } from '../support/expiry';
import { emailsTo } from '../support/mail';
import { useStackEnvironment, waitFor } from '../support/notifications';

let db: ReturnType<typeof tableClient>;
beforeAll(() => {
  useStackEnvironment();
  db = tableClient();
});

const TableName = () => stack().tableName;
const put = (Item: Record<string, unknown>) => db.send(new PutCommand({ TableName: TableName(), Item }));
const stored = async (key: { pk: string; sk: string }) =>
  (await db.send(new GetCommand({ TableName: TableName(), Key: key, ConsistentRead: true }))).Item;

/** A user of before: no state at the new key (an account record created now starts one), `old` at the old key. */
async function stateOfBefore(sub: string, old: Record<string, unknown>) {
  await db.send(new DeleteCommand({ TableName: TableName(), Key: keys.notificationState(sub) }));
  await put({ ...keys.legacyNotificationState(sub), ...old });
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const readMarkAt = (iso: string) => `${iso}_~`;

/** A notification stored directly in the user's partition, `m` minutes old. */
async function storeNotification(sub: string, m: number, title: string) {
  const createdAt = minutesAgo(m);
  const _id = `${createdAt}_${title.replace(/\W/g, '')}`;
  await put({
    ...keys.notification(sub, _id),
    _id,
    recipientSub: sub,
    kind: 'newOffer',
    createdAt,
    link: '/post/view/p1',
    data: { postId: 'p1', postTitle: title, businessName: 'Studio', price: 100 },
    expiresAt: Math.floor(Date.now() / 1000) + 86_400,
  });
  return _id;
}

/** What the caller sees of their notifications: every page of 2, the unread count and the preferences. */
async function answers(user: Client) {
  const pages: unknown[] = [];
  let cursor: string | null = null;
  do {
    const res: CallResult = await call('GET', `/notifications?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
      token: user.token,
    });
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor);
  return {
    pages,
    unread: (await call('GET', '/notifications/unread', { token: user.token })).body,
    preferences: (await call('GET', '/notifications/preferences', { token: user.token })).body,
  };
}

const migrate = (dryRun: boolean) => {
  return migrateNotificationState({
    ...stackPool(),
    dryRun,
  });
};

describe('the notification state stored as before', () => {
  it('answers the same before and after npm run migrate:notification-state, which moves it once (--dry-run only counts)', async () => {
    const user = await newClient();
    for (const [m, title] of [
      [40, 'First'],
      [30, 'Second'],
      [20, 'Third'],
      [10, 'Fourth'],
    ] as const)
      await storeNotification(user.sub, m, title);
    // "Read all" between the third and the fourth; one unread; new offers not emailed; lead alerts daily.
    const old = {
      unread: 1,
      readAllBefore: readMarkAt(minutesAgo(15)),
      emails: { newOffer: false },
      leadAlerts: 'daily',
    };
    await stateOfBefore(user.sub, old);

    const before = await answers(user);
    expect(
      (before.pages as { data: { postTitle: string }; read: boolean }[][]).map((p) =>
        p.map((n) => [n.data.postTitle, n.read]),
      ),
    ).toEqual([
      [
        ['Fourth', false],
        ['Third', true],
      ],
      [
        ['Second', true],
        ['First', true],
      ],
      // A full page has a cursor, as every list: the last one is empty.
      [],
    ]);
    expect(before.unread).toEqual({ count: 1 });
    expect(before.preferences).toMatchObject({ emails: { newOffer: false, offerAccepted: true }, leadAlerts: 'daily' });

    const dry = await migrate(true);
    expect(dry.moved).toBeGreaterThanOrEqual(1);
    expect(await stored(keys.legacyNotificationState(user.sub))).toBeDefined();
    expect(await stored(keys.notificationState(user.sub))).toBeUndefined();

    const first = await migrate(false);
    expect(first.moved).toBeGreaterThanOrEqual(1);
    expect(first.users).toBeGreaterThanOrEqual(1);
    expect(await stored(keys.legacyNotificationState(user.sub))).toBeUndefined();
    expect(await stored(keys.notificationState(user.sub))).toEqual({ ...keys.notificationState(user.sub), ...old });
    expect(await answers(user)).toEqual(before);

    const second = await migrate(false);
    // (Accounts other test files create meanwhile without a record may still get an empty state: `started`.)
    expect([second.moved, second.merged]).toEqual([0, 0]);
    expect(await answers(user)).toEqual(before);
  });

  it('a new account starts with a state at the new key; the migration starts one for a user who has none', async () => {
    const client = await newClient();
    const business = await newBusiness();
    for (const sub of [client.sub, business.sub])
      expect(await stored(keys.notificationState(sub))).toEqual({ ...keys.notificationState(sub), unread: 0 });
    // As a user of before who never had a state.
    await db.send(new DeleteCommand({ TableName: TableName(), Key: keys.notificationState(client.sub) }));
    expect((await call('GET', '/notifications/unread', { token: client.token })).body).toEqual({ count: 0 });
    expect((await migrate(true)).started).toBeGreaterThanOrEqual(1);
    expect(await stored(keys.notificationState(client.sub))).toBeUndefined();
    expect((await migrate(false)).started).toBeGreaterThanOrEqual(1);
    expect(await stored(keys.notificationState(client.sub))).toEqual({
      ...keys.notificationState(client.sub),
      unread: 0,
    });
  });

  it('merges a state found at both keys: the later mark, both counts, the new switches over the old', async () => {
    const user = await newClient();
    await storeNotification(user.sub, 5, 'Only');
    const mark = readMarkAt(minutesAgo(60));
    await put({
      ...keys.legacyNotificationState(user.sub),
      unread: 2,
      readAllBefore: mark,
      emails: { newOffer: false, offerAccepted: false },
      push: { newOffer: false },
    });
    await put({ ...keys.notificationState(user.sub), unread: 1, emails: { newOffer: true } });
    const result = await migrate(false);
    expect(result.merged).toBeGreaterThanOrEqual(1);
    expect(await stored(keys.legacyNotificationState(user.sub))).toBeUndefined();
    expect(await stored(keys.notificationState(user.sub))).toEqual({
      ...keys.notificationState(user.sub),
      unread: 3,
      readAllBefore: mark,
      emails: { newOffer: true, offerAccepted: false },
      push: { newOffer: false },
    });
  });

  it('the first write moves it: a preferences change keeps the old switches and marks', async () => {
    const user = await newClient();
    const id = await storeNotification(user.sub, 10, 'Older');
    const old = { unread: 0, readAllBefore: readMarkAt(minutesAgo(5)), emails: { offerAccepted: false } };
    await stateOfBefore(user.sub, old);
    const changed = await call('PUT', '/notifications/preferences', {
      token: user.token,
      body: { push: { newOffer: false } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ emails: { offerAccepted: false }, push: { newOffer: false } });
    expect(await stored(keys.legacyNotificationState(user.sub))).toBeUndefined();
    expect(await stored(keys.notificationState(user.sub))).toEqual({
      ...keys.notificationState(user.sub),
      ...old,
      push: { newOffer: false },
    });
    const list = await call('GET', '/notifications', { token: user.token });
    expect(list.body.map((n: { _id: string; read: boolean }) => [n._id, n.read])).toEqual([[id, true]]);
  });

  it("the notifier's first notification moves it: an email turned off before stays off, the count goes on", async () => {
    const user = await newClient();
    await stateOfBefore(user.sub, { unread: 4, emails: { newOffer: false } });
    const post = await newPost(user, { title: 'Moved quietly', images: [] });
    await newOffer(await newBusiness(), post._id);
    await waitFor(async () =>
      (await call('GET', '/notifications/unread', { token: user.token })).body.count === 5 ? true : undefined,
    );
    expect(await stored(keys.legacyNotificationState(user.sub))).toBeUndefined();
    expect(await stored(keys.notificationState(user.sub))).toMatchObject({ unread: 5, emails: { newOffer: false } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(await emailsTo(user.email, /Ofertë e re|New offer/)).toEqual([]);
  });
});
