/**
 * Moderation rules: which entry a report joins and what it counts, who may not report what, who sees a hidden
 * item, the ISO weeks of the counts and which stream changes they count, the decision body, and the wrapper's
 * refusal of a suspended account.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { latestWeekStarts, weekStartOf } from '../../common/moderation';
import { createReportBody, decisionBody } from '../../common/schemas/moderation';
import {
  assertNotOwnItem,
  excerptOf,
  EXCERPT_MAX,
  maySee,
  reportEntryId,
  visibleTo,
  withReport,
  type ReportTarget,
} from '../../lambdas/domain/moderation';
import { chatMessageTargetId } from '../../lambdas/model/moderation';
import { counterOf } from '../../lambdas/notify/weekCounts';
import { handler as getUnreadNotifications } from '../../lambdas/handlers/getUnreadNotifications';
import { SUSPENSIONS_FRESH_MS, suspensionWritten } from '../../lambdas/data/suspensions';
import type { Caller, HiddenMark } from '../../common/types';
import { clientCaller, invoke, useTestEnv } from '../support/events';

const caller = (sub: string, moderator = false): Caller => ({ sub, role: 'client', moderator });
const target: ReportTarget = {
  kind: 'post',
  targetId: 'p1',
  excerpt: 'Fake request',
  ownerSub: 'owner',
  ownerName: 'Ana',
  link: '/post/p1',
};

describe('reports', () => {
  it('every report of an item finds one path-safe entry id; kinds and items give different ones', () => {
    const id = reportEntryId('post', 'p1');
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(reportEntryId('post', 'p1')).toBe(id);
    expect(reportEntryId('business', 'p1')).not.toBe(id);
    expect(reportEntryId('post', 'p2')).not.toBe(id);
    expect(chatMessageTargetId('room', 'msg')).toBe('room/msg');
  });

  it('the first report opens the entry; later ones count their reason and keep the latest five notes', () => {
    let entry = withReport(undefined, target, { reason: 'spam', note: 'n1', createdAt: 't1' }, 'e1');
    expect(entry).toEqual({
      _id: 'e1',
      kind: 'post',
      targetId: 'p1',
      status: 'open',
      excerpt: 'Fake request',
      ownerSub: 'owner',
      ownerName: 'Ana',
      link: '/post/p1',
      reportCount: 1,
      reasons: { spam: 1 },
      notes: ['n1'],
      firstReportedAt: 't1',
      lastReportedAt: 't1',
    });
    for (let i = 2; i <= 7; i++) {
      entry = withReport(entry, target, { reason: i % 2 ? 'spam' : 'fake', note: `n${i}`, createdAt: `t${i}` }, 'e1');
    }
    entry = withReport(entry, target, { reason: 'other', createdAt: 't8' }, 'e1');
    expect(entry).toMatchObject({
      reportCount: 8,
      reasons: { spam: 4, fake: 3, other: 1 },
      notes: ['n3', 'n4', 'n5', 'n6', 'n7'],
      firstReportedAt: 't1',
      lastReportedAt: 't8',
    });
  });

  it('keeps an excerpt of at most EXCERPT_MAX characters (an emoji counts as one)', () => {
    expect(excerptOf('  short ')).toBe('short');
    const long = excerptOf('😀'.repeat(EXCERPT_MAX + 10));
    expect([...long]).toHaveLength(EXCERPT_MAX);
    expect(long.endsWith('…')).toBe(true);
  });

  it('nobody reports their own item, nor a review about their business', () => {
    expect(() => assertNotOwnItem(target, caller('owner'))).toThrow(expect.objectContaining({ code: 'OWN_ITEM' }));
    const review = { ...target, kind: 'review' as const, alsoOwnedBy: ['business-sub'] };
    expect(() => assertNotOwnItem(review, caller('business-sub'))).toThrow(
      expect.objectContaining({ status: 400, code: 'OWN_ITEM' }),
    );
    expect(() => assertNotOwnItem(review, caller('someone'))).not.toThrow();
  });

  it('the report body takes a kind, an id and a reason from the lists; anything else is dropped', () => {
    expect(createReportBody.parse({ kind: 'post', targetId: 'p1', reason: 'spam', status: 'hidden' })).toEqual({
      kind: 'post',
      targetId: 'p1',
      reason: 'spam',
    });
    expect(createReportBody.safeParse({ kind: 'chatMessage', targetId: 'x', reason: 'spam' }).success).toBe(false);
    expect(createReportBody.safeParse({ kind: 'post', targetId: 'p1', reason: 'boring' }).success).toBe(false);
  });
});

describe('hidden items', () => {
  const hidden = { hidden: { reason: 'Spam', at: 't' } };
  it('a hidden item is seen by its owner and moderators only; others see what is not hidden', () => {
    expect(maySee({}, 'owner', caller('other'))).toBe(true);
    expect(maySee(hidden, 'owner', caller('other'))).toBe(false);
    expect(maySee(hidden, undefined, caller('other'))).toBe(false);
    expect(maySee(hidden, 'owner', caller('owner'))).toBe(true);
    expect(maySee(hidden, 'owner', caller('other', true))).toBe(true);
    const page: ({ _id: string } & HiddenMark)[] = [{ _id: 'a' }, { _id: 'b', ...hidden }, { _id: 'c' }];
    expect(visibleTo(page, caller('other'), 'owner').map((i) => i._id)).toEqual(['a', 'c']);
    expect(visibleTo(page, caller('owner'), 'owner').map((i) => i._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('decisions', () => {
  it('hide and suspend need a reason (FIELD_REQUIRED on reason); dismiss does not', () => {
    for (const action of ['hide', 'suspend']) {
      const r = decisionBody.safeParse({ action });
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]).toMatchObject({ path: ['reason'], params: { code: 'FIELD_REQUIRED' } });
      expect(decisionBody.safeParse({ action, reason: '   ' }).success).toBe(false);
      expect(decisionBody.parse({ action, reason: 'Spam' })).toEqual({ action, reason: 'Spam' });
    }
    expect(decisionBody.parse({ action: 'dismiss' })).toEqual({ action: 'dismiss' });
    expect(decisionBody.safeParse({ action: 'delete', reason: 'x' }).success).toBe(false);
  });
});

describe('weekly counts', () => {
  it('a week starts on Monday, UTC', () => {
    expect(weekStartOf('2026-11-23T00:00:00.000Z')).toBe('2026-11-23'); // a Monday
    expect(weekStartOf('2026-11-29T23:59:59.999Z')).toBe('2026-11-23'); // the Sunday after
    expect(weekStartOf('2026-11-22T23:59:59.999Z')).toBe('2026-11-16');
    expect(weekStartOf('2027-01-01T12:00:00.000Z')).toBe('2026-12-28'); // across the year
    expect(latestWeekStarts(3, '2026-11-25T10:00:00.000Z')).toEqual(['2026-11-23', '2026-11-16', '2026-11-09']);
  });

  const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', next?: object, old?: object): DynamoDBRecord => ({
    eventID: 'e1',
    eventName,
    dynamodb: {
      ApproximateCreationDateTime: Date.parse('2026-11-24T10:00:00Z') / 1000,
      ...(next ? { NewImage: marshall(next) as never } : {}),
      ...(old ? { OldImage: marshall(old) as never } : {}),
    },
  });

  it('counts a new request, offer, acceptance, finished job and report; nothing else', () => {
    const created = '2026-11-20T08:00:00.000Z';
    expect(counterOf(record('INSERT', { pk: 'POST#1', sk: 'POST', createdAt: created }))).toEqual({
      counter: 'requests',
      at: created,
    });
    expect(counterOf(record('INSERT', { pk: 'OFFER#1', sk: 'OFFER', createdAt: created }))?.counter).toBe('offers');
    expect(counterOf(record('INSERT', { pk: 'POST#1', sk: 'FINISHEDJOB', createdAt: created }))?.counter).toBe(
      'finished',
    );
    expect(counterOf(record('INSERT', { pk: 'REPORTED#e', sk: 'BY#sub', createdAt: created }))?.counter).toBe(
      'reports',
    );
    expect(
      counterOf(
        record(
          'MODIFY',
          { pk: 'OFFER#1', sk: 'OFFER', status: 'accepted' },
          { pk: 'OFFER#1', sk: 'OFFER', status: 'pending' },
        ),
      ),
    ).toEqual({ counter: 'accepted', at: '2026-11-24T10:00:00.000Z' });
    // Not counted: a declined offer, the entry of a report, an open-index entry, a post closed, a deletion.
    expect(
      counterOf(
        record(
          'MODIFY',
          { pk: 'OFFER#1', sk: 'OFFER', status: 'declined' },
          { pk: 'OFFER#1', sk: 'OFFER', status: 'pending' },
        ),
      ),
    ).toBeUndefined();
    expect(counterOf(record('INSERT', { pk: 'REPORTED#e', sk: 'ITEM' }))).toBeUndefined();
    expect(counterOf(record('INSERT', { pk: 'OPEN', sk: 'x#1' }))).toBeUndefined();
    expect(
      counterOf(record('MODIFY', { pk: 'POST#1', sk: 'POST', status: 'closed' }, { pk: 'POST#1', sk: 'POST' })),
    ).toBeUndefined();
    expect(counterOf(record('REMOVE', undefined, { pk: 'POST#1', sk: 'POST' }))).toBeUndefined();
  });
});

describe('a suspended account', () => {
  useTestEnv();
  const ddb = mockClient(DocumentClient);
  beforeEach(() => ddb.reset());

  it('is refused with 403 ACCOUNT_SUSPENDED on every call, after the token and role checks', async () => {
    const me = clientCaller({ sub: 'suspended-sub' });
    ddb
      .on(QueryCommand, { ExpressionAttributeValues: { ':pk': 'SUSPENSIONS' } })
      .resolves({ Items: [{ sk: 'suspended-sub' }] });
    const res = await invoke(getUnreadNotifications, { caller: me });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
    // One Query of the suspended accounts, strongly consistent, and nothing else.
    expect(ddb.calls()).toHaveLength(1);
    expect(ddb.commandCalls(QueryCommand)[0].args[0].input).toMatchObject({ ConsistentRead: true });
    // Signed out: 401 without reading anything.
    expect((await invoke(getUnreadNotifications, { caller: null })).status).toBe(401);
    // Again: refused from the process's copy of the list, with no read.
    expect((await invoke(getUnreadNotifications, { caller: me })).status).toBe(403);
    expect(ddb.calls()).toHaveLength(1);
  });

  it('an account that is not in the list goes through', async () => {
    ddb.on(GetCommand).resolves({});
    expect((await invoke(getUnreadNotifications, { caller: clientCaller() })).status).toBe(200);
  });

  it('the list is read again once the copy is older than SUSPENSIONS_FRESH_MS, or at once after a suspension here', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const me = clientCaller({ sub: 'later-suspended' });
      const suspensionsQuery = { ExpressionAttributeValues: { ':pk': 'SUSPENSIONS' } };
      ddb.on(GetCommand).resolves({});
      ddb.on(QueryCommand, suspensionsQuery).resolves({ Items: [] });
      vi.advanceTimersByTime(SUSPENSIONS_FRESH_MS);
      expect((await invoke(getUnreadNotifications, { caller: me })).status).toBe(200);
      expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);

      // Suspended elsewhere (another process): refused once this process's copy is too old.
      ddb.on(QueryCommand, suspensionsQuery).resolves({ Items: [{ sk: 'later-suspended' }] });
      vi.advanceTimersByTime(SUSPENSIONS_FRESH_MS - 1);
      expect((await invoke(getUnreadNotifications, { caller: me })).status).toBe(200);
      vi.advanceTimersByTime(1);
      expect((await invoke(getUnreadNotifications, { caller: me })).status).toBe(403);
      expect(ddb.commandCalls(QueryCommand)).toHaveLength(2);

      // A suspension this process writes: the next call reads the list, however fresh the copy.
      const other = clientCaller({ sub: 'suspended-here' });
      expect((await invoke(getUnreadNotifications, { caller: other })).status).toBe(200);
      ddb.on(QueryCommand, suspensionsQuery).resolves({ Items: [{ sk: 'later-suspended' }, { sk: 'suspended-here' }] });
      suspensionWritten();
      expect((await invoke(getUnreadNotifications, { caller: other })).status).toBe(403);
      expect(ddb.commandCalls(QueryCommand)).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
