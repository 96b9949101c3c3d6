/**
 * GET /post/filtred against its definition, over generated posts and generated filters: walking every page of any
 * filter (any of the categories, any of the towns, inclusive whole-number budget bounds, open and not expired, newest
 * first) answers exactly the posts the definition picks, in its order, each once, whatever the page size and
 * whichever partitions the read takes (one, several at once, or the smaller side with the other as a filter). Pages
 * are full but the last whenever no filter thins a partition. Some posts are closed, deleted or past their expiry.
 * Other files add posts to the same stack: the comparison is over this file's posts, in towns no other file uses,
 * and every post answered must match the filter.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOWNS as ALL_TOWNS } from '../../common/constants';
import type { Post } from '../../common/types';
import { MAX_FILTER_PARTITIONS } from '../../lambdas/domain/posts';
import { call, categoryIdsByName, expectNewestFirstOnce, newClient, newPost, type Client } from '../support/api';
import { ageOut } from '../support/expiry';

/** Towns no other test file posts in. */
const TOWNS = ['Libohovë', 'Krumë', 'Kurbnesh', 'Manëz', 'Ulëz'];
/** The town of this file's posts that are past their expiry. */
const AGED_TOWN = 'Ulëz';
const SERVICES = ['Outdoor', 'Interior Design', 'Lights', 'Bathroom', 'Decor'];
const BUDGETS = [0, 1, 99, 100, 150, 200, 499, 500, 1000, 4999, 5000, 9000];
const COUNT = 60;

interface Filter {
  categories: string[];
  towns: string[];
  minBudget?: number;
  maxBudget?: number;
  limit: number;
}

let client: Client;
let cat: Record<string, string>;
/** This file's posts still open, as created. */
let open: Post[] = [];
let mine: Set<string>;

const sortKey = (p: Pick<Post, '_id' | 'createdAt'>) => `${p.createdAt}#${p._id}`;

/** The definition: what a filter answers, newest first. */
function matches(p: Post, f: Filter): boolean {
  if (f.categories.length && !p.category.some((c) => f.categories.includes(c))) return false;
  if (f.towns.length && !f.towns.includes(p.location)) return false;
  if (f.minBudget === undefined && f.maxBudget === undefined) return true;
  if (p.budget === undefined || p.budget === null) return false;
  // Budgets are whole numbers: the bounds are taken as the whole numbers within them.
  if (f.minBudget !== undefined && p.budget < Math.ceil(f.minBudget)) return false;
  return f.maxBudget === undefined || p.budget <= Math.floor(f.maxBudget);
}

/** A small seeded generator, so the posts are the same on every run. */
function seeded(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

beforeAll(async () => {
  client = await newClient();
  cat = await categoryIdsByName(client.token);
  const random = seeded(50);
  const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)];
  const bodies = Array.from({ length: COUNT }, (_, i) => {
    const services = [...new Set([pick(SERVICES), ...(random() < 0.4 ? [pick(SERVICES)] : [])])];
    return {
      userId: client.userId,
      images: [],
      title: `Filtered ${i}`,
      category: services.map((s) => cat[s]),
      location: pick(TOWNS),
      budget: random() < 0.2 ? undefined : pick(BUDGETS),
    };
  });
  const created: Post[] = [];
  // A few at once, so some posts share their creation time (the post id orders them then).
  for (let i = 0; i < bodies.length; i += 4)
    created.push(...(await Promise.all(bodies.slice(i, i + 4).map((body) => newPost(client, body)))));
  // Some leave the open lists: closed by their client, deleted.
  const closed = created.filter((_, i) => i % 11 === 3);
  const deleted = created.filter((_, i) => i % 13 === 5);
  for (const p of closed)
    expect((await call('POST', `/post/${p._id}/close`, { token: client.token, body: {} })).status).toBe(200);
  for (const p of deleted) expect((await call('DELETE', `/post/${p._id}`, { token: client.token })).status).toBe(200);
  // Two past their 30 days, not yet closed by the hourly job: their entries are still in the index, every list
  // leaves them out (they are in AGED_TOWN, so a page there may be answered short).
  const goneIds = new Set([...closed, ...deleted].map((p) => p._id));
  const aged = created.filter((p) => p.location === AGED_TOWN && !goneIds.has(p._id)).slice(0, 2);
  expect(aged).toHaveLength(2);
  for (const p of aged) await ageOut(p._id);
  const gone = new Set([...goneIds, ...aged.map((p) => p._id)]);
  open = created.filter((p) => !gone.has(p._id)).sort((a, b) => (sortKey(a) < sortKey(b) ? 1 : -1));
  mine = new Set(created.map((p) => p._id));
}, 180_000);

/** Every page of a filter, following X-Next-Cursor. */
async function walk(f: Filter): Promise<Post[][]> {
  const params = new URLSearchParams();
  if (f.categories.length) params.set('categories', f.categories.join(','));
  if (f.towns.length) params.set('locations', f.towns.join(','));
  if (f.minBudget !== undefined) params.set('minBudget', String(f.minBudget));
  if (f.maxBudget !== undefined) params.set('maxBudget', String(f.maxBudget));
  params.set('limit', String(f.limit));
  const pages: Post[][] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: Post[]; headers: Headers } = await call(
      'GET',
      `/post/filtred?${params}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      { token: client.token },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(f.limit);
    pages.push(res.body);
    cursor = res.headers.get('x-next-cursor');
  } while (cursor && pages.length < 400);
  expect(cursor, 'the walk ended').toBeNull();
  return pages;
}

const bound = fc.constantFrom(0, 1, 99.5, 100, 150, 200, 500, 1000, 4999, 5000, 20000);
const filters: fc.Arbitrary<Filter> = fc
  .record({
    categories: fc.subarray([...SERVICES, 'no-such-service'], { minLength: 0 }),
    towns: fc.subarray(TOWNS, { minLength: 0 }),
    budget: fc.option(fc.tuple(fc.option(bound), fc.option(bound)), { nil: undefined }),
    smallPage: fc.constantFrom(1, 2, 3, 5, 8, 15),
    largePage: fc.constantFrom(15, 50, 100),
  })
  .filter((r) => r.categories.length + r.towns.length > 0)
  .map(({ categories, towns, budget, smallPage, largePage }) => {
    const [a, b] = budget ?? [null, null];
    const [min, max] = a !== null && b !== null && a > b ? [b, a] : [a, b];
    return {
      categories: categories.map((s) => cat[s] ?? s),
      towns,
      ...(min !== null ? { minBudget: min } : {}),
      ...(max !== null ? { maxBudget: max } : {}),
      // Without a town the category partitions hold other files' posts too: larger pages keep the walk short.
      limit: towns.length ? smallPage : largePage,
    };
  });

describe('GET /post/filtred against its definition', () => {
  it('answers exactly the matching open posts, newest first, each once, over every page, for any filter and page size', async () => {
    await fc.assert(
      fc.asyncProperty(filters, async (f) => {
        const pages = await walk(f);
        const all = pages.flat();
        expectNewestFirstOnce(all);
        // Other files' posts answered match the filter too.
        for (const p of all) {
          expect(p.status).toBe('open');
          if (!mine.has(p._id))
            expect(matches(p, f), `${p._id} (${p.location}, ${p.category}, ${p.budget})`).toBe(true);
        }
        expect(all.filter((p) => mine.has(p._id)).map((p) => p._id)).toEqual(
          open.filter((p) => matches(p, f)).map((p) => p._id),
        );
        // No filter thins a partition (the towns are in the keys, no budget, no expired entry): every page but the
        // last is full.
        const keyedOnly =
          f.minBudget === undefined &&
          f.maxBudget === undefined &&
          f.towns.length > 0 &&
          !f.towns.includes(AGED_TOWN) &&
          Math.max(f.categories.length, 1) * f.towns.length <= MAX_FILTER_PARTITIONS;
        if (keyedOnly) expect(pages.slice(0, -1).every((p) => p.length === f.limit)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, 300_000);

  it('the shapes read through a filter (more than 12 partitions asked for) answer by the definition too', async () => {
    const services = Object.values(cat);
    const thirteenTowns = [...TOWNS, 'Tirana', 'Durrës', 'Fier', 'Berat', 'Vlorë', 'Shkodër', 'Korçë', 'Elbasan'];
    const unknown = ['no-such-1', 'no-such-2', 'no-such-3', 'no-such-4'];
    const shapes: Filter[] = [
      // 13 services, no town: the all-open partition with the services as a filter.
      { categories: [...services, ...unknown].slice(0, 13), towns: [], limit: 100 },
      // 5 services x 3 towns: one partition per town, the services as a filter.
      { categories: SERVICES.map((s) => cat[s]), towns: TOWNS.slice(2), limit: 4 },
      // 1 service x 13 towns: the service's partition, the towns as a filter.
      { categories: [cat.Outdoor], towns: thirteenTowns, limit: 100 },
      // 13 x 13, with a budget: the all-open partition, every side a filter.
      { categories: [...services, ...unknown].slice(0, 13), towns: thirteenTowns, minBudget: 100, limit: 100 },
      // The most a caller may ask for: 20 services, every town, both bounds.
      {
        categories: [...services, ...Array.from({ length: 20 - services.length }, (_, i) => `no-such-${i}`)],
        towns: [...ALL_TOWNS],
        minBudget: 1,
        maxBudget: 5000,
        limit: 100,
      },
    ];
    expect(shapes.map((f) => Math.max(f.categories.length, 1) * Math.max(f.towns.length, 1))).toEqual([
      13,
      15,
      13,
      169,
      20 * ALL_TOWNS.length,
    ]);
    for (const f of shapes) {
      const all = (await walk(f)).flat();
      expectNewestFirstOnce(all);
      for (const p of all) expect(matches(p, f)).toBe(true);
      expect(all.filter((p) => mine.has(p._id)).map((p) => p._id)).toEqual(
        open.filter((p) => matches(p, f)).map((p) => p._id),
      );
    }
  });

  it('a cursor is a position in the list: a next page of the same filter repeats nothing and skips nothing', async () => {
    // The same filter walked in pages of 1 and in one page: the same posts in the same order.
    const f: Filter = { categories: [cat.Outdoor, cat.Lights], towns: TOWNS.slice(0, 3), limit: 1 };
    const one = (await walk(f)).flat();
    const whole = (await walk({ ...f, limit: 100 })).flat();
    expect(one.map((p) => p._id)).toEqual(whole.map((p) => p._id));
    expect(whole.length).toBeGreaterThan(3);
  });

  it('refuses a cursor that is no position of the list (400), never a 500', async () => {
    const encoded = (v: unknown) => Buffer.from(JSON.stringify(v) ?? '').toString('base64url');
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
          fc.jsonValue({ maxDepth: 2 }).map(encoded),
          fc.record({ before: fc.oneof(fc.integer(), fc.constant(''), fc.constant(null), fc.string()) }).map(encoded),
        ),
        async (cursor) => {
          fc.pre(cursor.length > 0 && cursor.length <= 1024);
          const res = await call(
            'GET',
            `/post/filtred?locations=${encodeURIComponent(TOWNS[0])}&cursor=${encodeURIComponent(cursor)}`,
            { token: client.token },
          );
          let position: unknown;
          try {
            position = (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { before?: unknown })?.before;
          } catch {
            position = undefined;
          }
          // Only an object whose `before` is a non-empty string is a position; anything else is refused.
          if (typeof position === 'string' && position) expect(res.status).toBe(200);
          else expect([res.status, res.body.errors?.[0]?.field]).toEqual([400, 'cursor']);
        },
      ),
      { numRuns: 60 },
    );
  });
});
