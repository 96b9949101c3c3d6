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
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  FIRST_OFFER_BUCKETS,
  OPERATOR_FIGURES,
  addWeeks,
  cellState,
  exportFileName,
  figureValues,
  firstOfferBucket,
  scopesOf,
  weeksBetween,
  worstCells,
  type GridCell,
} from '../../common/operatorFigures';
import { keys } from '../../lambdas/data/keys';
import { readGrid, readWeeks, tallyOf } from '../../lambdas/data/operatorFigures';
import { countOperatorFigures, happeningsOf } from '../../lambdas/notify/operatorFigures';

// ---- A small table: what the figures' writes and reads need of DynamoDB ----

type Item = Record<string, any>;
const store = new Map<string, Item>();
const at = (key: { pk: string; sk: string }) => `${key.pk}\u0000${key.sk}`;
const ddb = mockClient(DynamoDBDocumentClient);

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
  const [, set, add] = /^SET (.*) ADD (.*)$/.exec(u.UpdateExpression)!;
  const name = (n: string) => (n.startsWith('#') ? u.ExpressionAttributeNames[n] : n);
  for (const part of set.split(', ')) {
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
        : i.pk === v[':pk'] && i.sk >= v[':first'] && i.sk <= v[':last'],
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
