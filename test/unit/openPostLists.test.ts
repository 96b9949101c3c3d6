import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { DocumentClient } from '../../lambdas/data/client';
import { businessCaller, clientCaller, dataCalls, invoke, useTestEnv } from '../support/events';
import { decodeCursor, encodeCursor } from '../../lambdas/api/paging';
import { MAX_FILTER_PARTITIONS, pickSuggestions, planFilteredQuery } from '../../lambdas/domain/posts';
import { MAX_FILTERED_ENTRIES_PER_REQUEST } from '../../lambdas/data/openPosts';
import { type StoredPost } from '../../lambdas/model/posts';
import { handler as listAvailablePosts } from '../../lambdas/handlers/listAvailablePosts';
import { handler as listFilteredPosts } from '../../lambdas/handlers/listFilteredPosts';
import { handler as listSuggestedPosts } from '../../lambdas/handlers/listSuggestedPosts';
import { BUSINESS_CATEGORIES_FRESH_MS, businessProfileWritten } from '../../lambdas/data/businessCategories';

useTestEnv();
const ddb = mockClient(DocumentClient);
beforeEach(() => ddb.reset());

const post = (id: string, createdAt: string, over: Partial<StoredPost> = {}): StoredPost => ({
  _id: id,
  userId: 'u1',
  title: id,
  images: [],
  category: ['decor'],
  location: 'Tirana',
  createdAt,
  status: 'open',
  expiresAt: '2099-01-01T00:00:00.000Z',
  ...over,
});
const entry = (pk: string, p: StoredPost) => ({ pk, sk: `${p.createdAt}#${p._id}`, ...p });

/**
 * A fake open-post index: Query answers from these partitions, honouring `sk < :before`,
 * newest first, and Limit with LastEvaluatedKey (no FilterExpression: tests without budget).
 */
function fakeIndex(partitions: Record<string, StoredPost[]>) {
  ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
    const values = input.ExpressionAttributeValues as Record<string, string>;
    let items = (partitions[values[':pk']] ?? [])
      .map((p) => entry(values[':pk'], p))
      .sort((a, b) => (a.sk < b.sk ? 1 : -1));
    if (values[':before']) items = items.filter((i) => i.sk < values[':before']);
    const start = input.ExclusiveStartKey?.sk as string | undefined;
    if (start) items = items.filter((i) => i.sk < start);
    const page = input.Limit ? items.slice(0, input.Limit) : items;
    const more = input.Limit !== undefined && items.length > input.Limit;
    return { Items: page, LastEvaluatedKey: more ? { pk: values[':pk'], sk: page[page.length - 1].sk } : undefined };
  });
}

describe('GET /post/available', () => {
  it("reads one page of OPEN newest first and hands back DynamoDB's position as the cursor", async () => {
    fakeIndex({
      OPEN: [post('a', '2026-01-01T00:00:00Z'), post('b', '2026-01-02T00:00:00Z'), post('c', '2026-01-03T00:00:00Z')],
    });
    const first = await invoke(listAvailablePosts, { query: { limit: '2' } });
    expect(first.body.map((p: { _id: string }) => p._id)).toEqual(['c', 'b']);
    expect(first.headers['x-next-cursor']).toBeTruthy();
    const second = await invoke(listAvailablePosts, { query: { limit: '2', cursor: first.headers['x-next-cursor'] } });
    expect(second.body.map((p: { _id: string }) => p._id)).toEqual(['a']);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses a limit above 100 and a garbled cursor (400)', async () => {
    expect((await invoke(listAvailablePosts, { query: { limit: '1000' } })).body.errors[0].field).toBe('limit');
    expect((await invoke(listAvailablePosts, { query: { cursor: 'not-a-cursor' } })).status).toBe(400);
  });
});

describe('filtered posts: partition choice', () => {
  it('categories x towns pairs when few, the single dimension otherwise, OPEN when nothing is chosen', () => {
    expect(planFilteredQuery({ categories: ['decor', 'lights'], towns: ['Tirana'] }).partitions).toEqual([
      'OPEN#C#decor#T#Tirana',
      'OPEN#C#lights#T#Tirana',
    ]);
    expect(planFilteredQuery({ categories: ['decor'], towns: [] }).partitions).toEqual(['OPEN#C#decor']);
    expect(planFilteredQuery({ categories: [], towns: ['Berat', 'Fier'] }).partitions).toEqual([
      'OPEN#T#Berat',
      'OPEN#T#Fier',
    ]);
    expect(planFilteredQuery({ categories: [], towns: [] })).toEqual({ partitions: ['OPEN'] });
  });

  it('many pairs: queries the smaller side and filters the other', () => {
    const towns = ['Berat', 'Fier', 'Tirana', 'Durrës', 'Vlorë', 'Korçë', 'Shkodër'];
    const plan = planFilteredQuery({ categories: ['decor', 'lights'], towns });
    expect(2 * towns.length).toBeGreaterThan(MAX_FILTER_PARTITIONS);
    expect(plan.partitions).toEqual(['OPEN#C#decor', 'OPEN#C#lights']);
    expect(plan.filter!.expression).toBe('#loc IN (:t0, :t1, :t2, :t3, :t4, :t5, :t6)');
  });

  it('budget bounds are inclusive; no maximum means no upper bound', () => {
    expect(planFilteredQuery({ categories: [], towns: [], minBudget: 100, maxBudget: 200 }).filter).toMatchObject({
      expression: '#budget BETWEEN :minBudget AND :maxBudget',
      values: { ':minBudget': 100, ':maxBudget': 200 },
    });
    expect(planFilteredQuery({ categories: [], towns: [], minBudget: 5000 }).filter!.expression).toBe(
      '#budget >= :minBudget',
    );
  });
});

describe('GET /post/filtred', () => {
  it('merges the partitions newest first, each post once, and pages with the position of the last post', async () => {
    const both = post('both', '2026-01-05T00:00:00Z', { category: ['decor', 'lights'] });
    fakeIndex({
      'OPEN#C#decor#T#Tirana': [post('d1', '2026-01-01T00:00:00Z'), both, post('d3', '2026-01-03T00:00:00Z')],
      'OPEN#C#lights#T#Tirana': [
        post('l1', '2026-01-02T00:00:00Z', { category: ['lights'] }),
        both,
        post('l2', '2026-01-04T00:00:00Z', { category: ['lights'] }),
      ],
    });
    const ids = (r: { body: { _id: string }[] }) => r.body.map((p) => p._id);
    const first = await invoke(listFilteredPosts, {
      query: { categories: 'decor,lights', locations: 'Tirana', limit: '3' },
    });
    expect(first.status).toBe(200);
    expect(ids(first)).toEqual(['both', 'l2', 'd3']);
    expect(decodeCursor(first.headers['x-next-cursor'])).toEqual({ before: '2026-01-03T00:00:00Z#d3' });
    const second = await invoke(listFilteredPosts, {
      query: { categories: 'decor,lights', locations: 'Tirana', limit: '3', cursor: first.headers['x-next-cursor'] },
    });
    expect(ids(second)).toEqual(['l1', 'd1']);
    expect(second.headers['x-next-cursor']).toBeUndefined();
    const partitions = ddb
      .commandCalls(QueryCommand)
      .map((c) => (c.args[0].input.ExpressionAttributeValues as Record<string, string>)[':pk']);
    expect(new Set(partitions)).toEqual(new Set(['OPEN#C#decor#T#Tirana', 'OPEN#C#lights#T#Tirana']));
  });

  it.each([
    [{}, 'OPEN'],
    [{ categories: 'decor' }, 'OPEN#C#decor'],
    [{ locations: 'Fier' }, 'OPEN#T#Fier'],
    [{ categories: 'decor', locations: 'Fier' }, 'OPEN#C#decor#T#Fier'],
    [{ categories: 'decor,decor', locations: 'Fier,Fier' }, 'OPEN#C#decor#T#Fier'],
  ])('%j: every page is one Query of %s, of exactly a page', async (filter, pk) => {
    const all = Array.from({ length: 7 }, (_, i) => post(`p${i}`, `2026-01-0${i + 1}T00:00:00Z`));
    fakeIndex({ [pk]: all });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page++) {
      const res = await invoke(listFilteredPosts, { query: { ...filter, limit: '3', ...(cursor ? { cursor } : {}) } });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((p: { _id: string }) => p._id));
      cursor = res.headers['x-next-cursor'];
      if (!cursor) break;
    }
    expect(seen).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1', 'p0']);
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(3);
    for (const q of queries) expect(q).toMatchObject({ Limit: 3, ExpressionAttributeValues: { ':pk': pk } });
  });

  it('sends the budget filter with the query', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    await invoke(listFilteredPosts, { query: { minBudget: '5000' } });
    const input = ddb.commandCalls(QueryCommand)[0].args[0].input;
    expect(input).toMatchObject({
      FilterExpression: '#expiresAt > :now AND #budget >= :minBudget',
      ScanIndexForward: false,
    });
    expect(input.ExpressionAttributeValues).toMatchObject({ ':pk': 'OPEN', ':minBudget': 5000 });
  });

  /**
   * Partitions of `size` entries each, newest first, served as DynamoDB serves a Query with a FilterExpression: Limit
   * entries examined (ScannedCount), those within the budget bounds answered, LastEvaluatedKey at the last one examined.
   * `budgetOf(partition, i)` gives the i-th newest entry's budget.
   */
  function budgetIndex(partitions: string[], size: number, budgetOf: (pk: string, i: number) => number) {
    const examined: Record<string, number> = {};
    ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const v = input.ExpressionAttributeValues as Record<string, string | number>;
      const pk = String(v[':pk']);
      const index = (sk: string) => size - 1 - Number(sk.slice(0, 5));
      // Below the cursor's position (`sk < :before`), then on from where the last Query stopped.
      const below = v[':before'] === undefined ? 0 : index(String(v[':before'])) + 1;
      const first = input.ExclusiveStartKey ? index(String(input.ExclusiveStartKey.sk)) + 1 : below;
      const last = Math.min(first + (input.Limit ?? size), size);
      examined[pk] = (examined[pk] ?? 0) + last - first;
      const Items = [];
      for (let i = first; i < last; i++) {
        const budget = budgetOf(pk, i);
        const sk = `${String(size - 1 - i).padStart(5, '0')}#${pk}-${i}`;
        if (v[':minBudget'] !== undefined && budget < Number(v[':minBudget'])) continue;
        if (v[':maxBudget'] !== undefined && budget > Number(v[':maxBudget'])) continue;
        Items.push({ pk, sk, ...post(`${pk}-${i}`, sk.slice(0, 5), { budget }) });
      }
      const stopKey = `${String(size - last).padStart(5, '0')}#${pk}-${last - 1}`;
      return {
        Items,
        Count: Items.length,
        ScannedCount: last - first,
        LastEvaluatedKey: last < size ? { pk, sk: stopKey } : undefined,
      };
    });
    return examined;
  }
  const total = (examined: Record<string, number>) => Object.values(examined).reduce((a, b) => a + b, 0);

  it('a filter that matches little reads a bounded number of entries per request, in a few Queries, and hands back where it stopped', async () => {
    // 5000 entries, the 900th newest the only one in range.
    const examined = budgetIndex(['OPEN'], 5000, (_, i) => (i === 899 ? 1_000_000 : 10));
    const res = await invoke(listFilteredPosts, { query: { minBudget: '999999' } });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual(['OPEN-899']);
    expect(total(examined)).toBe(MAX_FILTERED_ENTRIES_PER_REQUEST);
    // 50, then 150, 600 and the rest of the 1,000: four round trips, not one per 50 entries.
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([50, 150, 600, 200]);
    // The next page starts where this one stopped: below the 1,000th newest entry.
    const cursor = decodeCursor<{ before: string }>(res.headers['x-next-cursor'])!;
    expect(cursor.before).toBe(`${String(5000 - 1000).padStart(5, '0')}#OPEN-999`);
    const next = await invoke(listFilteredPosts, {
      query: { minBudget: '999999', cursor: res.headers['x-next-cursor'] },
    });
    expect(next.body).toEqual([]);
    expect(ddb.commandCalls(QueryCommand).at(-4)!.args[0].input.ExpressionAttributeValues).toMatchObject({
      ':before': cursor.before,
    });
  });

  it('a filter that matches a share of the entries fills the page in one Query, or two sized from that share', async () => {
    // Every other entry in range: the first Query (50 entries) holds 25, more than a page of 15.
    budgetIndex(['OPEN#C#decor'], 400, (_, i) => (i % 2 ? 100 : 9000));
    const half = await invoke(listFilteredPosts, { query: { categories: 'decor', maxBudget: '500' } });
    expect(half.body).toHaveLength(15);
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);

    // One entry in ten: the first Query finds 5, the second reads what the other 10 need (10 * 10 * 1.5 entries).
    ddb.reset();
    budgetIndex(['OPEN#C#decor'], 400, (_, i) => (i % 10 === 9 ? 100 : 9000));
    const tenth = await invoke(listFilteredPosts, { query: { categories: 'decor', maxBudget: '500' } });
    expect(tenth.body).toHaveLength(15);
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([50, 150]);
    // The page ends at its 15th post: the next page starts just below it and repeats nothing.
    const last = tenth.body[14] as { _id: string; createdAt: string };
    expect(decodeCursor(tenth.headers['x-next-cursor'])).toEqual({ before: `${last.createdAt}#${last._id}` });
  });

  it('a filter whose share falls as the read goes on to older entries still takes few Queries', async () => {
    // The 14 newest entries match, no older one: each estimate says "a few more", each next Query reads at least as
    // many as all before it.
    const examined = budgetIndex(['OPEN#T#Fier'], 5000, (_, i) => (i < 14 ? 100 : 9000));
    const res = await invoke(listFilteredPosts, { query: { locations: 'Fier', maxBudget: '500' } });
    expect(res.body).toHaveLength(14);
    expect(total(examined)).toBe(MAX_FILTERED_ENTRIES_PER_REQUEST);
    expect(ddb.commandCalls(QueryCommand).map((c) => c.args[0].input.Limit)).toEqual([50, 50, 100, 200, 400, 200]);
  });

  it('several partitions with a filter share the bound: a request examines at most 1,000 entries, not 1,000 each', async () => {
    const towns = ['Berat', 'Fier', 'Tirana', 'Durrës', 'Vlorë', 'Korçë', 'Shkodër', 'Elbasan', 'Lezhë', 'Kukës'];
    const partitions = towns.map((t) => `OPEN#T#${t}`);
    const examined = budgetIndex(partitions, 3000, () => 10);
    const res = await invoke(listFilteredPosts, { query: { locations: towns.join(','), minBudget: '5000' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect(Object.keys(examined).sort()).toEqual([...partitions].sort());
    expect(total(examined)).toBeLessThanOrEqual(MAX_FILTERED_ENTRIES_PER_REQUEST);
    for (const pk of partitions) expect(examined[pk]).toBe(MAX_FILTERED_ENTRIES_PER_REQUEST / towns.length);
    // Where every partition stopped is the next page's start.
    expect(res.headers['x-next-cursor']).toBeTruthy();
  });

  it('several partitions without a filter are read at once, one Query of a page each', async () => {
    let inFlight = 0;
    let most = 0;
    ddb.on(QueryCommand).callsFake(async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return { Items: [] };
    });
    await invoke(listFilteredPosts, { query: { categories: 'a,b,c', locations: 'Tirana,Fier', limit: '7' } });
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(6);
    expect(most).toBe(6);
    for (const q of queries) expect(q.Limit).toBe(7);
  });

  it('filters on whole-number bounds (budgets are whole numbers); bounds with no whole number between them read nothing', async () => {
    ddb.on(QueryCommand).resolves({ Items: [] });
    await invoke(listFilteredPosts, { query: { minBudget: '0.5', maxBudget: '1e-200' } });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(0);
    const res = await invoke(listFilteredPosts, { query: { minBudget: '99.5', maxBudget: '200.9' } });
    expect(res.status).toBe(200);
    expect(ddb.commandCalls(QueryCommand)[0].args[0].input.ExpressionAttributeValues).toMatchObject({
      ':minBudget': 100,
      ':maxBudget': 200,
    });
  });

  it.each([
    [{ locations: 'Atlantis' }, 'locations'],
    [{ minBudget: 'cheap' }, 'minBudget'],
    [{ minBudget: '1e300' }, 'minBudget'],
    [{ maxBudget: '2000000000' }, 'maxBudget'],
    [{ minBudget: '500', maxBudget: '100' }, 'maxBudget'],
  ])('names the invalid parameter (%j)', async (query, field) => {
    const res = await invoke(listFilteredPosts, { query });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });

  it('refuses a cursor that is not a position (400)', async () => {
    const res = await invoke(listFilteredPosts, { query: { cursor: encodeCursor({ pk: 'OPEN' })! } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('cursor');
  });
});

describe('suggested posts', () => {
  const p = (id: string, day: number) => post(id, `2026-01-0${day}T00:00:00Z`);

  it('takes matching posts newest first, then fills at random from the others', () => {
    const chosen = pickSuggestions([p('m1', 1), p('m2', 3)], [p('m2', 3), p('x', 4), p('y', 5)], 3, () => 0);
    expect(chosen.map((c) => c._id)).toEqual(['m2', 'm1', 'x']);
    expect(pickSuggestions([], [p('a', 1), p('b', 2), p('c', 3), p('d', 4)], 3, () => 0.99).map((c) => c._id)).toEqual([
      'd',
      'c',
      'b',
    ]);
    expect(pickSuggestions([p('1', 1), p('2', 2), p('3', 3), p('4', 4)], [], 3).map((c) => c._id)).toEqual([
      '4',
      '3',
      '2',
    ]);
  });

  it("GET /post/suggested reads OPEN's newest posts, and the category partitions only when too few of them match", async () => {
    const caller = businessCaller({ sub: 'biz' });
    ddb
      .on(GetCommand, { Key: { pk: 'ACCOUNT#biz', sk: 'ACCOUNT' } })
      .resolves({ Item: { sub: 'biz', role: 'business', id: 'b1' } });
    ddb
      .on(GetCommand, { Key: { pk: 'BUSINESS#b1', sk: 'PROFILE' } })
      .resolves({ Item: { _id: 'b1', categories: ['decor'] } });
    const partitions = () =>
      dataCalls(ddb)
        .filter((c) => c.args[0] instanceof QueryCommand)
        .map((c) => ((c.args[0] as QueryCommand).input.ExpressionAttributeValues as Record<string, string>)[':pk']);

    const other = (id: string, day: number) => ({ ...p(id, day), category: ['painting'] });
    // Too few of OPEN's newest are decor: decor's own partition has an older one, the rest is filled from OPEN.
    fakeIndex({ 'OPEN#C#decor': [p('m1', 2), p('m0', 1)], OPEN: [p('m1', 2), other('o1', 3)] });
    const few = await invoke(listSuggestedPosts, { caller });
    expect(few.body.map((x: { _id: string }) => x._id)).toEqual(['m1', 'm0', 'o1']);
    expect(partitions()).toEqual(['OPEN', 'OPEN#C#decor']);

    // Enough of OPEN's newest are decor: they are the newest decor posts overall, and nothing else is read.
    ddb.resetHistory();
    fakeIndex({
      'OPEN#C#decor': [p('d3', 3), p('d2', 2), p('d1', 1)],
      OPEN: [other('o4', 4), p('d3', 3), p('d2', 2), p('d1', 1)],
    });
    const enough = await invoke(listSuggestedPosts, { caller });
    expect(enough.body.map((x: { _id: string }) => x._id)).toEqual(['d3', 'd2', 'd1']);
    expect(partitions()).toEqual(['OPEN']);
  });

  it("reads one Query per call while the process's copy of the business's services is fresh; a profile write here shows at once", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const caller = businessCaller({ sub: 'biz-copy' });
      ddb
        .on(GetCommand, { Key: { pk: 'ACCOUNT#biz-copy', sk: 'ACCOUNT' } })
        .resolves({ Item: { sub: 'biz-copy', role: 'business', id: 'b-copy' } });
      const record = { Key: { pk: 'BUSINESS#b-copy', sk: 'PROFILE' } };
      ddb.on(GetCommand, record).resolves({ Item: { _id: 'b-copy', categories: ['decor'] } });
      const painting = (id: string, day: number) => ({ ...p(id, day), category: ['painting'] });
      fakeIndex({
        OPEN: [painting('o3', 3), painting('o2', 2), painting('o1', 1), p('d3', 3), p('d2', 2), p('d1', 1)],
      });
      const reads = () =>
        dataCalls(ddb)
          .filter((c) => !JSON.stringify(c.args[0]).includes('ACCOUNT#'))
          .map((c) => (c.args[0] as object).constructor.name);
      const ids = async () => (await invoke(listSuggestedPosts, { caller })).body.map((x: { _id: string }) => x._id);

      // No copy yet: the services are read beside the Query.
      expect(await ids()).toEqual(['d3', 'd2', 'd1']);
      expect(reads().sort()).toEqual(['GetCommand', 'QueryCommand']);
      // Fresh copy: one Query, nothing else.
      ddb.resetHistory();
      vi.advanceTimersByTime(BUSINESS_CATEGORIES_FRESH_MS - 1);
      expect(await ids()).toEqual(['d3', 'd2', 'd1']);
      expect(reads()).toEqual(['QueryCommand']);

      // Changed in another process: seen once the copy is too old.
      ddb.on(GetCommand, record).resolves({ Item: { _id: 'b-copy', categories: ['painting'] } });
      vi.advanceTimersByTime(1);
      ddb.resetHistory();
      expect(await ids()).toEqual(['o3', 'o2', 'o1']);
      expect(reads().sort()).toEqual(['GetCommand', 'QueryCommand']);

      // Written by this process: the next call shows the new services at once, without reading the record.
      businessProfileWritten({ _id: 'b-copy', categories: ['decor'] });
      ddb.resetHistory();
      expect(await ids()).toEqual(['d3', 'd2', 'd1']);
      expect(reads()).toEqual(['QueryCommand']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is for businesses only (403 for a client; 403 for a business without a record)', async () => {
    expect((await invoke(listSuggestedPosts, { caller: clientCaller() })).status).toBe(403);
    ddb.on(GetCommand).resolves({});
    expect((await invoke(listSuggestedPosts, { caller: businessCaller() })).status).toBe(403);
  });
});

describe('one Query per page of the available list', () => {
  it('reads only OPEN, one Query of exactly a page per page, and its cursor walks every post once', async () => {
    const all = Array.from({ length: 25 }, (_, i) => post(`p${i}`, `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`));
    const entries = all.map((p) => entry('OPEN', p));
    // DynamoDB's Limit: at most Limit entries, and LastEvaluatedKey whenever it stopped at the Limit.
    ddb.on(QueryCommand).callsFake((input: QueryCommandInput) => {
      const v = input.ExpressionAttributeValues ?? {};
      const below = entries
        .filter((e) => e.pk === v[':pk'] && (v[':before'] === undefined || e.sk < String(v[':before'])))
        .sort((a, b) => (a.sk < b.sk ? 1 : -1));
      const rows = below.slice(0, input.Limit);
      const stopped = input.Limit !== undefined && rows.length === input.Limit;
      return {
        Items: rows,
        Count: rows.length,
        ScannedCount: rows.length,
        ...(stopped ? { LastEvaluatedKey: { pk: 'OPEN', sk: rows[rows.length - 1].sk } } : {}),
      };
    });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await invoke(listAvailablePosts, { query: { limit: '10', ...(cursor ? { cursor } : {}) } });
      expect(res.status).toBe(200);
      seen.push(...res.body.map((p: { _id: string }) => p._id));
      cursor = res.headers['x-next-cursor'];
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.map((p) => p._id).reverse());
    const queries = ddb.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(pages);
    for (const q of queries) expect(q).toMatchObject({ Limit: 10, ExpressionAttributeValues: { ':pk': 'OPEN' } });
  });

  it('a page the expiry filter shortened is answered short, with the cursor where the Query stopped', async () => {
    ddb.on(QueryCommand).resolves({
      Items: [entry('OPEN', post('a', '2026-01-03T00:00:00Z'))],
      Count: 1,
      ScannedCount: 2,
      LastEvaluatedKey: { pk: 'OPEN', sk: '2026-01-02T00:00:00Z#expired' },
    });
    const res = await invoke(listAvailablePosts, { query: { limit: '2' } });
    expect(res.body.map((p: { _id: string }) => p._id)).toEqual(['a']);
    expect(decodeCursor(res.headers['x-next-cursor'])).toEqual({ before: '2026-01-02T00:00:00Z#expired' });
    expect(ddb.commandCalls(QueryCommand)).toHaveLength(1);
  });
});
