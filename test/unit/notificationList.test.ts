/**
 * GET /notifications reads one Query per page: the first page's Query brings the read marks (the state item sorts
 * above every notification), and the cursor carries them to the next pages. Against a fake partition that answers
 * Query as DynamoDB does (newest first, Limit, LastEvaluatedKey whenever it stopped at the Limit).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
  type GetCommandInput,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { clientCaller, dataCalls, invoke, useTestEnv } from '../support/events';
import { encodeCursor } from '../../lambdas/api/paging';
import { keys } from '../../lambdas/model/keys';
import { handler as listNotifications } from '../../lambdas/handlers/listNotifications';
import { handler as markNotificationsRead } from '../../lambdas/handlers/markNotificationsRead';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

const SUB = 'reader';
const caller = clientCaller({ sub: SUB });
type Row = Record<string, unknown> & { pk: string; sk: string };

const notification = (day: number, extra: Record<string, unknown> = {}): Row => {
  const createdAt = `2026-03-${String(day).padStart(2, '0')}T10:00:00.000Z`;
  const _id = `${createdAt}_h${day}`;
  return {
    ...keys.notification(SUB, _id),
    _id,
    recipientSub: SUB,
    kind: 'newOffer',
    createdAt,
    link: `/post/view/p${day}`,
    data: { postId: `p${day}`, postTitle: `Request ${day}` },
    expiresAt: 1,
    ...extra,
  };
};

/** The table: Query and GetItem answered from these items as DynamoDB would. */
function fakeTable(items: Row[]) {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const pk = (input.ExpressionAttributeValues as Record<string, string>)[':pk'];
    let rows = items.filter((i) => i.pk === pk).sort((a, b) => (a.sk < b.sk ? 1 : -1));
    const start = input.ExclusiveStartKey?.sk as string | undefined;
    if (start) rows = rows.filter((i) => i.sk < start);
    const page = input.Limit ? rows.slice(0, input.Limit) : rows;
    const last = page[page.length - 1];
    return {
      Items: page,
      LastEvaluatedKey: input.Limit && page.length === input.Limit ? { pk: last.pk, sk: last.sk } : undefined,
    };
  });
  ddb.on(GetCommand).callsFake((input: GetCommandInput) => ({
    Item: items.find((i) => i.pk === input.Key?.pk && i.sk === input.Key?.sk),
  }));
}

const seven = () => [1, 2, 3, 4, 5, 6, 7].map((d) => notification(d));
const markAfterDay = (day: number) => `2026-03-0${day}T12:00:00.000Z_~`;

/** Every page of the caller's list (limit 3), with the DynamoDB calls each made. */
async function walk() {
  const pages: { items: { _id: string; read: boolean }[]; cursor?: string; calls: string[] }[] = [];
  let cursor: string | undefined;
  do {
    ddb.resetHistory();
    const res = await invoke(listNotifications, { caller, query: { limit: '3', ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    cursor = res.headers['x-next-cursor'];
    pages.push({
      items: res.body,
      cursor,
      calls: dataCalls(ddb).map((c) => (c.args[0] as object).constructor.name),
    });
  } while (cursor);
  return pages;
}

describe('GET /notifications', () => {
  it('reads one Query per page: the first brings the read marks, the cursor carries them to the next pages', async () => {
    const items = seven();
    items[6].readAt = '2026-03-08T00:00:00.000Z'; // the newest, read on its own
    fakeTable([...items, { ...keys.notificationState(SUB), unread: 2, readAllBefore: markAfterDay(4) }]);
    const pages = await walk();
    expect(pages.map((p) => p.calls)).toEqual([['QueryCommand'], ['QueryCommand'], ['QueryCommand']]);
    // Newest first, each once, the state item never among them; read: its own readAt or at or below the mark.
    expect(pages.map((p) => p.items.map((n) => [n._id.slice(8, 10), n.read]))).toEqual([
      [
        ['07', true],
        ['06', false],
        ['05', false],
      ],
      [
        ['04', true],
        ['03', true],
        ['02', true],
      ],
      [['01', true]],
    ]);
    expect(pages.map((p) => Boolean(p.cursor))).toEqual([true, true, false]);
  });

  it('asks the first page for one item more (the state), the next pages for a page', async () => {
    fakeTable([...seven(), { ...keys.notificationState(SUB), unread: 7 }]);
    const first = await invoke(listNotifications, { caller, query: { limit: '3' } });
    const second = await invoke(listNotifications, {
      caller,
      query: { limit: '3', cursor: first.headers['x-next-cursor'] },
    });
    expect(second.body).toHaveLength(3);
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([4, 3]);
    expect(ddb.commandCalls(GetCommand)).toHaveLength(0);
  });

  it('gives a cursor whenever the page is full, as before: a full last page leads to an empty one', async () => {
    fakeTable([...seven().slice(0, 6), { ...keys.notificationState(SUB), unread: 6 }]);
    const pages = await walk();
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 0]);
  });

  it('a first page with no state item (nothing ever marked read) shows every notification unread: its one Query', async () => {
    fakeTable(seven().slice(0, 2));
    const res = await invoke(listNotifications, { caller, query: { limit: '3' } });
    expect(res.body.map((n: { read: boolean }) => n.read)).toEqual([false, false]);
    expect(res.headers['x-next-cursor']).toBeUndefined();
    expect(dataCalls(ddb).map((c) => (c.args[0] as object).constructor.name)).toEqual(['QueryCommand']);
  });

  it.each([
    ['a bare key with no position', keys.notification(SUB, 'x')],
    ['a mark that is no mark', { at: keys.notification(SUB, 'x'), readAllBefore: 'zzz' }],
    ['a mark of another type', { at: keys.notification(SUB, 'x'), readAllBefore: 5 }],
    ['another field', { at: keys.notification(SUB, 'x'), other: 1 }],
    ['a position of another list', { at: keys.notification('someone-else', 'x') }],
    ['a position that is not a key', { at: 'x' }],
    ['a key with more attributes', { at: { ...keys.notification(SUB, 'x'), gsi1pk: 'y' } }],
  ])('refuses %s (400) without reading', async (_what, cursor) => {
    fakeTable(seven());
    const res = await invoke(listNotifications, { caller, query: { cursor: encodeCursor(cursor)! } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0]).toMatchObject({ field: 'cursor', code: 'INVALID_CURSOR' });
    expect(dataCalls(ddb)).toHaveLength(0);
  });

  it('a position above the state (edited cursor) never shows the state item', async () => {
    fakeTable([...seven(), { ...keys.notificationState(SUB), unread: 1 }]);
    const cursor = encodeCursor({ at: keys.notification(SUB, '~~~') })!;
    const res = await invoke(listNotifications, { caller, query: { limit: '3', cursor } });
    expect(res.status).toBe(200);
    expect(res.body.map((n: { _id: string }) => n._id.slice(8, 10))).toEqual(['07', '06']);
  });
});

describe('POST /notifications/read', () => {
  it('an account with no state yet (no profile) gets one, then the mark: "read all" never fails for it', async () => {
    ddb.on(GetCommand).resolves({});
    ddb
      .on(UpdateCommand)
      .rejectsOnce(Object.assign(new Error('failed'), { name: 'ConditionalCheckFailedException' }))
      .resolves({});
    ddb.on(TransactWriteCommand).resolves({});
    const res = await invoke(markNotificationsRead, { caller, body: { all: true } });
    expect(res.status).toBe(200);
    const updates = ddb.commandCalls(UpdateCommand).map((c) => c.args[0].input);
    expect(updates).toHaveLength(2);
    for (const u of updates) {
      expect(u.Key).toEqual(keys.notificationState(SUB));
      expect(u.ConditionExpression).toBe('attribute_exists(pk)');
    }
    // In between, the empty state is started without overwriting one written meanwhile.
    const [start] = ddb.commandCalls(TransactWriteCommand).map((c) => c.args[0].input.TransactItems!);
    expect(start[0].Update).toMatchObject({
      Key: keys.notificationState(SUB),
      UpdateExpression: 'SET unread = if_not_exists(unread, :zero)',
    });
  });

  it("the state item's sort key is no notification: 404, nothing written", async () => {
    fakeTable([{ ...keys.notificationState(SUB), unread: 1 }]);
    const res = await invoke(markNotificationsRead, { caller, body: { id: keys.notificationStateSk } });
    expect(res.status).toBe(404);
    expect(ddb.commandCalls(TransactWriteCommand)).toHaveLength(0);
    expect(ddb.commandCalls(UpdateCommand)).toHaveLength(0);
  });
});
