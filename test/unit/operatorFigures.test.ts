/**
 * The operator's figures from the table's stream (lambdas/notify/operatorFigures.ts): what each record says happened,
 * and that a record handed over again (as after a failed batch), or the same records in another order, count once.
 * The table here is a small in-memory one behind the document client (conditional puts, ADD updates, the two
 * Queries the figures read); test/integration/operatorFigures.test.ts replays real records on DynamoDB Local.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import {
  FIRST_OFFER_BUCKETS,
  OPERATOR_FIGURES,
  addWeeks,
  cellState,
  emptyTally,
  exportFileName,
  figureValues,
  firstOfferBucket,
  scopesOf,
  weeksBetween,
  worstCells,
  type GridCell,
} from '../../common/operatorFigures';
import { keys } from '../../lambdas/model/keys';
import { readGrid, readWeeks, tallyOf } from '../../lambdas/data/operatorFigures';
import { countOperatorFigures, happeningsOf } from '../../lambdas/notify/operatorFigures';

// ---- A small table: what the figures' writes and reads need of DynamoDB ----

type Item = Record<string, any>;
const store = new Map<string, Item>();
const at = (key: { pk: string; sk: string }) => `${key.pk}\u0000${key.sk}`;
const ddb = mockClient(DocumentClient);

function conditionHolds(item: Item | undefined, put: Item): boolean {
  const condition: string | undefined = put.ConditionExpression;
  if (!condition) return true;
  if (condition === 'attribute_not_exists(pk)') return !item;
  if (condition === '#at = :previous') return item?.at === put.ExpressionAttributeValues[':previous'];
  throw new Error(`No such condition here: ${condition}`);
}

function applyUpdate(u: Item) {
  const key = at(u.Key);
  const item: Item = { ...(store.get(key) ?? u.Key) };
  const [, set, add] = /^(?:SET (.*) )?ADD (.*)$/.exec(u.UpdateExpression)!;
  const name = (n: string) => (n.startsWith('#') ? u.ExpressionAttributeNames[n] : n);
  for (const part of set ? set.split(', ') : []) {
    const [n, v] = part.split(' = ');
    item[name(n)] = u.ExpressionAttributeValues[v];
  }
  for (const part of add.split(', ')) {
    const [n, v] = part.split(' ');
    item[name(n)] = (item[name(n)] ?? 0) + u.ExpressionAttributeValues[v];
  }
  store.set(key, item);
}

function resetTable(items: Item[] = []) {
  store.clear();
  for (const i of items) store.set(at(i as { pk: string; sk: string }), i);
  ddb.reset();
  ddb.on(GetCommand).callsFake((input) => ({ Item: store.get(at(input.Key)) }));
  ddb.on(TransactWriteCommand).callsFake((input: TransactWriteCommandInput) => {
    const reasons = input.TransactItems!.map((t) =>
      t.Put && !conditionHolds(store.get(at(t.Put.Item as never)), t.Put) ? 'ConditionalCheckFailed' : 'None',
    );
    if (reasons.includes('ConditionalCheckFailed')) {
      throw Object.assign(new Error('Transaction cancelled'), {
        name: 'TransactionCanceledException',
        CancellationReasons: reasons.map((Code) => ({ Code })),
      });
    }
    for (const t of input.TransactItems!) {
      if (t.Put) store.set(at(t.Put.Item as never), { ...t.Put.Item });
      if (t.Update) applyUpdate(t.Update);
    }
    return {};
  });
  ddb.on(QueryCommand).callsFake((input) => {
    const v = input.ExpressionAttributeValues;
    const items = [...store.values()].filter((i) =>
      input.IndexName === 'GSI1'
        ? i.gsi1pk === v[':pk']
        : i.pk === v[':pk'] && i.sk >= v[':first'] && (v[':last'] === undefined || i.sk <= v[':last']),
    );
    return { Items: items };
  });
}

/** Every scope's counts of every week the figures keep, as a stable text: what a replay must leave unchanged. */
const figuresStored = () =>
  JSON.stringify(
    [...store.entries()]
      .filter(([k]) => k.startsWith('OPS#'))
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, i]) => {
        const { counts, firstOfferSeconds } = tallyOf(i);
        return [k, counts, [...firstOfferSeconds].sort(([a], [b]) => a - b)];
      }),
  );

// ---- A week of records ----

const MONDAY = '2026-03-02';
const t = (hours: number) => new Date(Date.parse(`${MONDAY}T08:00:00.000Z`) + hours * 3_600_000).toISOString();
let sequence = 0;
function record(eventName: 'INSERT' | 'MODIFY', next: Item, old?: Item, when?: string): DynamoDBRecord {
  sequence++;
  return {
    eventID: `event-${sequence}`,
    eventName,
    dynamodb: {
      ApproximateCreationDateTime: Date.parse(when ?? next.updatedAt ?? next.createdAt ?? t(0)) / 1000,
      NewImage: marshall(next, { removeUndefinedValues: true }) as never,
      ...(old ? { OldImage: marshall(old, { removeUndefinedValues: true }) as never } : {}),
      SequenceNumber: String(sequence),
    },
  };
}

const client = { ...keys.user('c1'), _id: 'c1', cognitoId: 'sub-c1', username: 'Ana', createdAt: t(-1) };
const b1 = {
  ...keys.business('b1'),
  _id: 'b1',
  cognitoId: 'sub-b1',
  businessName: 'Studio A',
  location: 'Tirana',
  categories: ['decor', 'painting'],
  createdAt: t(-2),
};
const b2 = { ...b1, ...keys.business('b2'), _id: 'b2', cognitoId: 'sub-b2', location: 'Durrës', categories: ['decor'] };
const post = {
  ...keys.post('p1'),
  _id: 'p1',
  userId: 'c1',
  title: 'Paint the living room',
  images: [],
  category: ['decor', 'painting'],
  location: 'Tirana',
  createdAt: t(0),
  status: 'open',
};
const offerOf = (id: string, business: Item, hours: number) => ({
  ...keys.offer(id),
  _id: id,
  postId: 'p1',
  businessId: business._id,
  businessSub: business.cognitoId,
  price: 300,
  message: 'We can do it',
  status: 'pending',
  createdAt: t(hours),
  history: [{ by: 'business', action: 'offer', at: t(hours), price: 300 }],
});
const o1 = offerOf('o1', b1, 2);
const o2 = offerOf('o2', b2, 30);
const o1Accepted = {
  ...o1,
  status: 'accepted',
  updatedAt: t(40),
  history: [...o1.history, { by: 'client', action: 'accept', at: t(40) }],
};
const job = {
  ...keys.finishedJob('p1'),
  _id: 'j1',
  postId: 'p1',
  businessId: 'b1',
  offerId: 'o1',
  userId: 'c1',
  rating: 4,
  review: 'Good work',
  createdAt: t(60),
  post: { title: 'Paint the living room', images: [], location: 'Tirana' },
};
const room = {
  ...keys.room('b1', 'c1'),
  _id: 'r1',
  businessId: 'b1',
  clientId: 'c1',
  businessCognitoId: 'sub-b1',
  clientCognitoId: 'sub-c1',
  createdAt: t(3),
};

const WEEK = [
  record('INSERT', client),
  record('INSERT', b1),
  record('INSERT', b2),
  record('INSERT', post),
  record('INSERT', o1),
  record('INSERT', room),
  record('MODIFY', { ...room, lastMessage: 'Hello', lastMessageTime: t(4), lastSenderId: 'sub-b1' }, room),
  record('INSERT', o2),
  record('MODIFY', o1Accepted, o1),
  record('INSERT', job),
];

beforeEach(() => {
  process.env.TABLE_NAME = 'unit-operator-figures';
  resetTable();
});

describe('what a stream record says happened', () => {
  it('a request, an offer, an acceptance, a finished job, a sign-up, a chat room and who acted', () => {
    const kinds = (r: DynamoDBRecord) =>
      happeningsOf(r).map((h) => (h.kind === 'active' ? `active:${h.role}` : h.kind));
    expect(WEEK.map(kinds)).toEqual([
      ['signup', 'active:client'],
      ['signup', 'active:business'],
      ['signup', 'active:business'],
      ['request', 'active:client'],
      ['offer', 'active:business'],
      ['room'],
      ['active:business'],
      ['offer', 'active:business'],
      ['accepted', 'active:client'],
      ['finished', 'active:client'],
    ]);
    // The same record read again says exactly the same (no clock, no randomness).
    for (const r of WEEK) expect(happeningsOf(r)).toEqual(happeningsOf(r));
  });

  it('ignores what moves no figure: a card copy on an offer, a decline because the request closed, a removal', () => {
    const card = { ...o1, business: { businessName: 'New name' } };
    expect(happeningsOf(record('MODIFY', card, o1))).toEqual([]);
    const closed = { ...o1, status: 'declined', requestClosedReason: 'expired', updatedAt: t(700) };
    expect(happeningsOf(record('MODIFY', closed, o1))).toEqual([]);
    expect(happeningsOf({ eventName: 'REMOVE', dynamodb: { OldImage: marshall(post) as never } })).toEqual([]);
  });

  it('a counter-offer makes the client active, the answer the business', () => {
    const countered = { ...o1, history: [...o1.history, { by: 'client', action: 'counter', at: t(5), price: 250 }] };
    expect(happeningsOf(record('MODIFY', countered, o1))).toEqual([
      { kind: 'active', role: 'client', at: t(5), postId: 'p1' },
    ]);
    const answered = {
      ...countered,
      status: 'accepted',
      history: [...countered.history, { by: 'business', action: 'acceptCounter', at: t(6) }],
    };
    expect(happeningsOf(record('MODIFY', answered, countered))).toEqual([
      { kind: 'accepted', postId: 'p1' },
      { kind: 'active', role: 'business', id: 'b1', at: t(6) },
    ]);
  });
});

describe('counting the week', () => {
  const counted = async (records: DynamoDBRecord[]) => {
    for (const r of records) await countOperatorFigures(r);
  };

  it('counts each thing in its week, town and services, and across Albania', async () => {
    resetTable([client, b1, b2, post]);
    await counted(WEEK);
    const [all] = await readWeeks({}, [MONDAY]);
    expect(all.counts).toEqual({
      ...emptyTally(MONDAY).counts,
      requests: 1,
      answered: 1,
      answeredWithin24h: 1,
      offers: 2,
      accepted: 1,
      finished: 1,
      ratingSum: 4,
      activeClients: 1,
      activeBusinesses: 2,
      signupsClients: 1,
      signupsBusinesses: 2,
      chatRooms: 1,
    });
    const values = figureValues(all);
    expect(values).toMatchObject({ answeredWithin24h: 1, offersPerRequest: 2, acceptanceRate: 1, averageRating: 4 });
    // The first offer came 2 hours after the request: its bucket's value, within the stated accuracy.
    expect(values.firstOfferMedian).toBe(FIRST_OFFER_BUCKETS.bucketValue(firstOfferBucket(7200)));
    expect(Math.abs(values.firstOfferMedian! - 7200) / 7200).toBeLessThanOrEqual(0.05);

    const [tirana] = await readWeeks({ town: 'Tirana' }, [MONDAY]);
    expect(tirana.counts).toMatchObject({ requests: 1, offers: 2, activeBusinesses: 1, signupsBusinesses: 1 });
    // Kept for the whole country only.
    expect(tirana.counts).toMatchObject({ activeClients: 0, signupsClients: 0, chatRooms: 0 });
    const [durresDecor] = await readWeeks({ town: 'Durrës', service: 'decor' }, [MONDAY]);
    expect(durresDecor.counts).toMatchObject({ requests: 0, activeBusinesses: 1, signupsBusinesses: 1 });
    const [painting] = await readWeeks({ service: 'painting' }, [MONDAY]);
    expect(painting.counts).toMatchObject({ requests: 1, answeredWithin24h: 1, activeBusinesses: 1 });

    const grid = await readGrid(MONDAY);
    expect(grid.filter((c) => c.requests > 0).sort((a, b) => a.service.localeCompare(b.service))).toEqual([
      { town: 'Tirana', service: 'decor', requests: 1, answered: 1, answeredWithin24h: 1, activeBusinesses: 1 },
      { town: 'Tirana', service: 'painting', requests: 1, answered: 1, answeredWithin24h: 1, activeBusinesses: 1 },
    ]);
  });

  it('records handed over again change nothing', async () => {
    resetTable([client, b1, b2, post]);
    await counted(WEEK);
    const once = figuresStored();
    await counted(WEEK);
    await counted([...WEEK].reverse());
    expect(figuresStored()).toBe(once);
  });

  it('the first offer counts whichever record comes first: a later offer seen first is replaced by the earlier', async () => {
    resetTable([client, b1, b2, post]);
    await counted(WEEK);
    const inOrder = figuresStored();
    resetTable([client, b1, b2, post]);
    // The offer made after 30 hours arrives before the one made after 2: the request first counts as slow.
    const [o1Insert, o2Insert] = [WEEK[4], WEEK[7]];
    await counted([...WEEK.slice(0, 4), o2Insert]);
    const [slow] = await readWeeks({}, [MONDAY]);
    expect(slow.counts).toMatchObject({ answered: 1, answeredWithin24h: 0 });
    await counted([o1Insert, ...WEEK.slice(5)]);
    expect(figuresStored()).toBe(inOrder);
  });
});

// ---- Revenue: payment records and plan events ----

const payment = (id: string, purpose: Item, amount: number, extra: Item = {}) => ({
  ...keys.transaction(id),
  id,
  businessSub: 'sub-b1',
  businessId: 'b1',
  clientName: 'Studio A',
  date: t(1),
  amount,
  currency: 'EUR',
  description: 'A payment',
  purpose,
  state: 'pending',
  status: 'Pending',
  ...extra,
});
const completed = (p: Item, hours: number) => ({
  ...p,
  state: 'completed',
  status: 'Completed',
  completedAt: t(hours),
  lastEventAt: t(hours),
  eventIds: new Set([`evt-${p.id}`]),
});
const adPending = payment('pay-ad', { kind: 'ad', adId: 'ad1' }, 20);
const adPaid = completed(adPending, 2);
const planPending = payment('pay-plan', { kind: 'plan', plan: 'standard' }, 5);
const planPaid = completed(planPending, 3);
// A renewal's record arrives from the provider completed already.
const renewal = completed(payment('sub_txn-r1', { kind: 'renewal', plan: 'premium' }, 3.58), 50);
/** A refund of `amount` approved at `hours` (adjustment `id`), kept beside the payment's earlier adjustments. */
const adRefunded = (id: string, amount: number, hours: number, before: Item) => {
  const adjustments = {
    ...(before.adjustments as Item | undefined),
    [id]: { action: 'refund', status: 'approved', amount, at: t(hours) },
  };
  const taken = Object.values(adjustments).reduce((sum: number, a) => sum + (a as { amount: number }).amount, 0);
  return {
    ...before,
    state: taken >= 20 ? 'refunded' : 'completed',
    status: taken >= 20 ? 'Refunded' : 'Completed',
    adjustments,
    refundedAmount: taken,
    lastEventAt: t(hours),
  };
};
const adHalfRefunded = adRefunded('adj-1', 8, 70, adPaid);
const adWhollyRefunded = adRefunded('adj-2', 12, 80, adHalfRefunded);
const planEvent = (kind: string, hours: number, extra: Item) => ({
  ...keys.planEvent('b1', t(hours), `${kind}#evt-${kind}-${hours}`),
  kind,
  businessId: 'b1',
  businessSub: 'sub-b1',
  subscriptionId: 'sub_1',
  at: t(hours),
  ...extra,
});
const started = planEvent('started', 3, { plan: 'standard' });
const failed = planEvent('renewalFailed', 20, { plan: 'standard', graceEndsAt: t(20 + 7 * 24) });
const upgraded = planEvent('upgraded', 30, { plan: 'premium', fromPlan: 'standard' });
// Two weeks later the subscription ends: the week between has no event and keeps its level.
const ended = planEvent('ended', 24 * 14 + 1, { plan: 'basic', fromPlan: 'premium', reason: 'canceled' });

const REVENUE = [
  record('INSERT', adPending),
  record('MODIFY', adPaid, adPending),
  record('INSERT', planPending),
  record('MODIFY', planPaid, planPending),
  record('INSERT', started),
  record('INSERT', failed),
  record('INSERT', upgraded),
  record('INSERT', renewal),
  record('MODIFY', adHalfRefunded, adPaid),
  record('MODIFY', adWhollyRefunded, adHalfRefunded),
  record('INSERT', ended),
];

describe('revenue: what a payment record or a plan event says happened', () => {
  it('a payment completed, a renewal inserted completed, each refund approved, each subscription change', () => {
    const kinds = (r: DynamoDBRecord) =>
      happeningsOf(r).map((h) => (h.kind === 'plan' ? `plan:${h.event.kind}` : h.kind));
    expect(REVENUE.map(kinds)).toEqual([
      [],
      ['paid'],
      [],
      ['paid'],
      ['plan:started'],
      ['plan:renewalFailed'],
      ['plan:upgraded'],
      ['paid'],
      ['adjustment'],
      ['adjustment'],
      ['plan:ended'],
    ]);
    expect(happeningsOf(REVENUE[9])).toEqual([
      { kind: 'adjustment', id: 'adj-2', action: 'refund', status: 'approved', delta: 12, at: t(80) },
    ]);
  });

  it('ignores what moves no revenue: a failed payment, a completed one changed again, a repeated plan event, other plan events', () => {
    const declined = { ...adPending, state: 'failed', status: 'Refused', failureCode: 'declined' };
    expect(happeningsOf(record('MODIFY', declined, adPending))).toEqual([]);
    // A failed payment paid with another card is a sale.
    expect(happeningsOf(record('MODIFY', completed(declined, 4), declined)).map((h) => h.kind)).toEqual(['paid']);
    expect(happeningsOf(record('MODIFY', { ...adPaid, checkoutUrl: 'x' }, adPaid))).toEqual([]);
    // A repeated delivery writes the same plan event again: a MODIFY.
    expect(happeningsOf(record('MODIFY', started, started))).toEqual([]);
    const scheduled = planEvent('cancelScheduled', 40, { plan: 'premium', effectiveAt: t(400) });
    expect(happeningsOf(record('INSERT', scheduled))).toEqual([]);
  });
});

describe('revenue: counting', () => {
  const counted = async (records: DynamoDBRecord[]) => {
    for (const r of records) await countOperatorFigures(r);
  };
  const WEEKS = [MONDAY, addWeeks(MONDAY, 1), addWeeks(MONDAY, 2), addWeeks(MONDAY, 3)];

  it('runs, plan payments and refunds in their week; subscriptions by plan; levels carried over a quiet week', async () => {
    await counted(REVENUE);
    const weeks = await readWeeks({}, WEEKS);
    expect(weeks[0].counts).toMatchObject({
      adRuns: 1,
      adRevenue: 20,
      subscriptionPayments: 2,
      subscriptionRevenue: 8.58,
      refunds: 2,
      refundedAmount: 20,
      subscriptionsNewStandard: 1,
      subscriptionsNewPremium: 0,
      renewalsFailedStandard: 1,
      subscriptionsEndedPremium: 0,
      // Started on Standard, upgraded to Premium in the week.
      subscriptionsActiveStandard: 0,
      subscriptionsActivePremium: 1,
      mrr: 8,
    });
    expect(figureValues(weeks[0])).toMatchObject({ revenue: 28.58, mrr: 8, subscriptionsNew: 1, refundedAmount: 20 });
    // Nothing happened in the second week: the level it closed on is the first week's.
    expect(weeks[1].counts).toMatchObject({ adRevenue: 0, subscriptionsActivePremium: 1, mrr: 8 });
    expect(figureValues(weeks[1])).toMatchObject({ revenue: 0, mrr: 8, subscriptionsNew: 0 });
    // Ended in the third week.
    expect(weeks[2].counts).toMatchObject({ subscriptionsEndedPremium: 1, subscriptionsActivePremium: 0, mrr: 0 });
    expect(weeks[3].counts).toMatchObject({ subscriptionsActivePremium: 0, mrr: 0 });
    // A chart that starts after the change still reads the level: one Query from its first week on.
    const [second] = await readWeeks({}, [WEEKS[1]]);
    expect(second.counts).toMatchObject({ subscriptionsActivePremium: 1, mrr: 8 });
    // Revenue is kept across Albania only.
    const [tirana] = await readWeeks({ town: 'Tirana' }, [MONDAY]);
    expect(tirana.counts).toMatchObject({ adRevenue: 0, mrr: 0, subscriptionsActivePremium: 0 });
  });

  it('handed over again, or in reverse order, nothing moves', async () => {
    await counted(REVENUE);
    const once = figuresStored();
    const levels = JSON.stringify(await readWeeks({}, WEEKS));
    await counted(REVENUE);
    expect(figuresStored()).toBe(once);
    resetTable();
    await counted([...REVENUE].reverse());
    expect(figuresStored()).toBe(once);
    expect(JSON.stringify(await readWeeks({}, WEEKS))).toBe(levels);
  });
});

describe('the figure definitions', () => {
  it('every figure has a distinct id and says which counters it is made from', () => {
    const ids = OPERATOR_FIGURES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of OPERATOR_FIGURES) expect(f.parts.length).toBeGreaterThan(0);
  });

  it('a request with two services counts in Albania, its town, each service and each service in its town', () => {
    expect(scopesOf('areas', { town: 'Tirana', services: ['decor', 'painting', 'decor'] })).toEqual([
      {},
      { town: 'Tirana' },
      { service: 'decor' },
      { service: 'decor', town: 'Tirana' },
      { service: 'painting' },
      { service: 'painting', town: 'Tirana' },
    ]);
    expect(scopesOf('country', { town: 'Tirana', services: ['decor'] })).toEqual([{}]);
  });

  it('weeks: Mondays between two days, a week later, across a year', () => {
    expect(weeksBetween('2025-12-31', '2026-01-14')).toEqual(['2025-12-29', '2026-01-05', '2026-01-12']);
    expect(weeksBetween('2026-01-14', '2026-01-01')).toEqual([]);
    expect(addWeeks('2026-03-04', -1)).toBe('2026-02-23');
  });

  it('cells: empty and slow stand out; the worst are the most requests left waiting', () => {
    const cell = (town: string, service: string, requests: number, answeredWithin24h: number): GridCell => ({
      town,
      service,
      requests,
      answered: answeredWithin24h,
      answeredWithin24h,
      activeBusinesses: 0,
    });
    expect(cellState(undefined)).toBe('none');
    expect(cellState(cell('Fier', 'decor', 3, 0))).toBe('empty');
    expect(cellState(cell('Fier', 'decor', 3, 1))).toBe('slow');
    expect(cellState(cell('Fier', 'decor', 2, 1))).toBe('ok');
    const cells = [
      cell('Tirana', 'decor', 10, 5),
      cell('Fier', 'decor', 3, 0),
      cell('Berat', 'lights', 4, 0),
      cell('Vlorë', 'outdoor', 0, 0),
      cell('Korçë', 'dural', 5, 5),
    ];
    expect(worstCells(cells, 3).map((c) => c.town)).toEqual(['Tirana', 'Berat', 'Fier']);
  });

  it('an export file is named after the figure, the weeks and the scope', () => {
    expect(exportFileName('requests', '2026-01-07', '2026-03-04', { town: 'Durrës', service: 'interior-design' })).toBe(
      'figures-requests-2026-01-05-to-2026-03-08-durres-interior-design.csv',
    );
  });
});
