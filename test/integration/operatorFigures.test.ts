/**
 * The operator's figures over a stack of this file's own (so every figure, the whole country's too, is this file's
 * activity alone): a scripted week through the real API (sign-ups of clients and businesses, requests in several
 * towns and services, offers, acceptances, finished jobs with their stars, chat rooms), counted by the stream's
 * consumer, equal the figures a test oracle works out from the events it made (their own ids and times, as the API
 * answered them): per ISO week across Albania, in each town, service and pair; the town x service grid; the CSV export.
 * Then: every record of the table's stream handed over again changes nothing; the figures wiped and rebuilt by the
 * backfill are the same, and a second backfill counts nothing; the weekly email tells each operator, in its language,
 * the oracle's figures and worst pairs, once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { exactPercentile } from '../../common/logBuckets';
import { weekStartOf } from '../../common/moderation';
import {
  FIRST_OFFER_BUCKETS,
  OPERATOR_COUNTER_NAMES,
  OPERATOR_FIGURE_IDS,
  figureById,
  firstOfferBucket,
  weekEndOf,
  type OperatorCounter,
  type OperatorFigureId,
} from '../../common/operatorFigures';
import type { OperatorFiguresAnswer, OperatorGridAnswer } from '../../common/schemas/operator';
import {
  call,
  categoryIdsByName,
  newAccount,
  newClient,
  newOffer,
  newOperator,
  setStatus,
  stackPool,
} from '../support/api';
import { snapshotFigures, streamRecords, wipeFigures } from '../support/operatorFigures';
import { useOwnLocalStack } from '../support/ownStack';
import { waitForEmails } from '../support/mail';
import { waitFor } from '../support/notifications';

useOwnLocalStack('operator');

// ---- What the test makes, as the API answered it ----

interface MadeBusiness {
  businessId: string;
  createdAt: string;
  location: string;
  categories: string[];
}
const made = {
  clients: [] as { userId: string; createdAt: string }[],
  businesses: [] as MadeBusiness[],
  posts: [] as { _id: string; createdAt: string; location: string; category: string[]; userId: string }[],
  offers: [] as { _id: string; postId: string; businessId: string; createdAt: string }[],
  accepted: [] as { postId: string; userId: string; at: string }[],
  jobs: [] as { postId: string; userId: string; createdAt: string; rating: number }[],
  rooms: [] as { _id: string; createdAt: string }[],
};

type Client = Awaited<ReturnType<typeof newClient>>;
async function client(username: string, language?: 'en' | 'sq'): Promise<Client> {
  const c = await newClient({ username, language });
  const res = await call('GET', `/user/${c.userId}`, { token: c.token });
  made.clients.push({ userId: c.userId, createdAt: res.body.createdAt });
  return c;
}

/** A business with its services from the start (its profile inserted with them, as the app's sign-up does). */
async function business(name: string, location: string, services: string[]) {
  const account = await newAccount('business');
  const res = await call('POST', '/business', {
    token: account.idToken,
    body: { email: account.email, cognitoId: account.sub, businessName: name, location, categories: services },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.businesses.push({ businessId: res.body._id, createdAt: res.body.createdAt, location, categories: services });
  return { ...account, token: account.idToken, businessId: res.body._id as string };
}
type Business = Awaited<ReturnType<typeof business>>;

async function request(c: Client, location: string, category: string[]) {
  const res = await call('POST', '/post', {
    token: c.token,
    body: {
      userId: c.userId,
      title: `A request in ${location}`,
      location,
      budget: 900,
      category,
      content: 'Details follow.',
      images: [],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.posts.push({ _id: res.body._id, createdAt: res.body.createdAt, location, category, userId: c.userId });
  return res.body._id as string;
}

async function offer(b: Business, postId: string) {
  const o = await newOffer(b as never, postId);
  made.offers.push({ _id: o._id, postId, businessId: b.businessId, createdAt: o.createdAt });
  return o._id;
}

async function accept(c: Client, offerId: string, postId: string) {
  const res = await setStatus(c, offerId, 'accepted');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const step = (res.body.history as { action: string; at: string }[]).findLast((s) => s.action === 'accept')!;
  made.accepted.push({ postId, userId: c.userId, at: step.at });
}

async function finish(c: Client, postId: string, businessId: string, rating: number) {
  const res = await call('POST', '/finishedJobs', {
    token: c.token,
    body: { postId, businessId, rating, review: 'Done well and on time.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.jobs.push({ postId, userId: c.userId, createdAt: res.body.createdAt, rating });
}

async function room(c: Client, b: Business) {
  const res = await call('POST', '/chat/createRoom', {
    token: c.token,
    body: { businessId: b.businessId, clientId: c.userId },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  made.rooms.push({ _id: res.body._id, createdAt: res.body.createdAt });
}

// ---- The oracle: the figures worked out from the events made ----

type Counts = Record<OperatorCounter, number>;
interface Expected {
  counts: Counts;
  delays: number[];
}
const key = (scope: { town?: string; service?: string }, week: string) =>
  `${scope.town ?? ''}|${scope.service ?? ''}|${week}`;

function oracle() {
  const out = new Map<string, Expected>();
  const at = (scope: { town?: string; service?: string }, week: string) => {
    const k = key(scope, week);
    if (!out.has(k))
      out.set(k, {
        counts: Object.fromEntries(OPERATOR_COUNTER_NAMES.map((c) => [c, 0])) as Counts,
        delays: [],
      });
    return out.get(k)!;
  };
  /** Albania, the town, each service and each service in the town. */
  const everywhere = (town: string | undefined, services: string[], week: string) => [
    at({}, week),
    ...(town ? [at({ town }, week)] : []),
    ...[...new Set(services)].flatMap((service) => [
      at({ service }, week),
      ...(town ? [at({ town, service }, week)] : []),
    ]),
  ];
  const postOf = (id: string) => made.posts.find((p) => p._id === id)!;
  const week = (iso: string) => weekStartOf(iso);

  for (const p of made.posts) {
    const offers = made.offers.filter((o) => o.postId === p._id).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    for (const e of everywhere(p.location, p.category, week(p.createdAt))) {
      e.counts.requests++;
      e.counts.offers += offers.length;
      if (offers.length) {
        const delay = (Date.parse(offers[0].createdAt) - Date.parse(p.createdAt)) / 1000;
        e.counts.answered++;
        if (delay <= 24 * 3600) e.counts.answeredWithin24h++;
        e.delays.push(delay);
      }
      if (made.accepted.some((a) => a.postId === p._id)) e.counts.accepted++;
    }
  }
  for (const j of made.jobs) {
    const p = postOf(j.postId);
    for (const e of everywhere(p.location, p.category, week(j.createdAt))) {
      e.counts.finished++;
      e.counts.ratingSum += j.rating;
    }
  }
  for (const c of made.clients) at({}, week(c.createdAt)).counts.signupsClients++;
  for (const b of made.businesses)
    for (const e of everywhere(b.location, b.categories, week(b.createdAt))) e.counts.signupsBusinesses++;
  for (const r of made.rooms) at({}, week(r.createdAt)).counts.chatRooms++;

  // Active: each client and business once a week, for any of its actions.
  const clientActions = [
    ...made.clients.map((c) => [c.userId, c.createdAt]),
    ...made.posts.map((p) => [p.userId, p.createdAt]),
    ...made.accepted.map((a) => [a.userId, a.at]),
    ...made.jobs.map((j) => [j.userId, j.createdAt]),
  ];
  for (const w of new Set(clientActions.map(([id, t]) => `${id}|${week(t)}`)))
    at({}, w.split('|')[1]).counts.activeClients++;
  const businessActions = [
    ...made.businesses.map((b) => [b.businessId, b.createdAt]),
    ...made.offers.map((o) => [o.businessId, o.createdAt]),
  ];
  for (const w of new Set(businessActions.map(([id, t]) => `${id}|${week(t)}`))) {
    const [id, weekStart] = w.split('|');
    const b = made.businesses.find((x) => x.businessId === id)!;
    for (const e of everywhere(b.location, b.categories, weekStart)) e.counts.activeBusinesses++;
  }
  return out;
}

/** The figures as the oracle says them: shares, per request, stars, and the bucketed percentiles of the exact times. */
function expectedValues(e: Expected): Record<OperatorFigureId, number | null> {
  const c = e.counts;
  const ratio = (a: number, b: number) => (b > 0 ? a / b : null);
  const percentile = (q: number) =>
    e.delays.length ? FIRST_OFFER_BUCKETS.bucketValue(firstOfferBucket(exactPercentile(e.delays, q))) : null;
  return {
    // This file makes no payment: every revenue figure is 0 (test/integration/operatorRevenue.test.ts counts them).
    ...(Object.fromEntries(OPERATOR_FIGURE_IDS.map((id) => [id, 0])) as Record<OperatorFigureId, number>),
    requests: c.requests,
    answeredWithin24h: ratio(c.answeredWithin24h, c.requests),
    firstOfferMedian: percentile(0.5),
    firstOfferP90: percentile(0.9),
    offersPerRequest: ratio(c.offers, c.requests),
    acceptanceRate: ratio(c.accepted, c.requests),
    finishedJobs: c.finished,
    averageRating: ratio(c.ratingSum, c.finished),
    activeClients: c.activeClients,
    activeBusinesses: c.activeBusinesses,
    signupsClients: c.signupsClients,
    signupsBusinesses: c.signupsBusinesses,
    chatRooms: c.chatRooms,
  };
}

// ---- Reading the figures ----

let operatorEn: Awaited<ReturnType<typeof newOperator>>;
let operatorSq: Awaited<ReturnType<typeof newOperator>>;

async function figuresOf(scope: { town?: string; service?: string }, week: string) {
  const q = new URLSearchParams({ weeks: '1', week, ...scope });
  const res = await call<OperatorFiguresAnswer>('GET', `/operator/figures?${q}`, { token: operatorEn.token });
  expect(res.status).toBe(200);
  return res.body.weeks[0];
}

/** Every scope and week of the oracle, with what the API answers for it. */
async function compareAll() {
  const expected = oracle();
  for (const [k, e] of expected) {
    const [town, service, week] = k.split('|');
    const scope = { ...(town ? { town } : {}), ...(service ? { service } : {}) };
    const got = await figuresOf(scope, week);
    const where = `${town || 'Albania'} ${service} ${week}`;
    // A town's or a service's figures hold no country-only counter (the oracle counts those across Albania only).
    expect(got.counts, where).toEqual(e.counts);
    const values = expectedValues(e);
    for (const id of OPERATOR_FIGURE_IDS) {
      if ((town || service) && figureById(id).reach === 'country') {
        expect(got.values[id], `${where} ${id}`).toBeNull();
        continue;
      }
      if (values[id] === null) expect(got.values[id], `${where} ${id}`).toBeNull();
      else expect(got.values[id], `${where} ${id}`).toBeCloseTo(values[id]!, 9);
    }
    // The stated accuracy: the median time to a first offer within 5 % of the exact one (a second at least).
    if (e.delays.length) {
      const exact = Math.max(1, exactPercentile(e.delays, 0.5));
      // (1e-9 for the floating point of a bucket edge that is exactly 5 % away)
      expect(Math.abs(got.values.firstOfferMedian! - exact) / exact, where).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  }
  return expected;
}

const weeksMade = () => [...new Set(made.posts.map((p) => weekStartOf(p.createdAt)))];

describe('the operator figures of a scripted week', () => {
  beforeAll(async () => {
    operatorEn = await newOperator({ username: 'Operator One', language: 'en' });
    operatorSq = await newOperator({ username: 'Operatori Dy' });
    for (const o of [operatorEn, operatorSq]) {
      const res = await call('GET', `/user/${o.userId}`, { token: o.token });
      made.clients.push({ userId: o.userId, createdAt: res.body.createdAt });
    }
    const ids = await categoryIdsByName(operatorEn.token);
    const [decor, painting, lights, furniture, bathroom] = ['Decor', 'Painting', 'Lights', 'Furniture', 'Bathroom'].map(
      (n) => ids[n],
    );

    const [ana, besa, dritan] = [await client('Ana'), await client('Besa'), await client('Dritan')];
    const studio = await business('Studio Tirana', 'Tirana', [decor, painting]);
    const durres = await business('Dekor Durrës', 'Durrës', [decor]);
    const fier = await business('Drita Fier', 'Fier', [lights]);
    await business('Mobilje Vlorë', 'Vlorë', [furniture]);

    const p1 = await request(ana, 'Tirana', [decor, painting]);
    const p2 = await request(ana, 'Durrës', [decor]);
    const p3 = await request(besa, 'Fier', [lights]);
    await request(besa, 'Tirana', [furniture]);
    await request(dritan, 'Shkodër', [bathroom]);

    const o1 = await offer(studio, p1);
    await offer(durres, p1);
    const o3 = await offer(durres, p2);
    await offer(fier, p3);
    await accept(ana, o1, p1);
    await accept(ana, o3, p2);
    await finish(ana, p1, studio.businessId, 5);
    await finish(ana, p2, durres.businessId, 3);
    await room(ana, studio);
    await room(besa, fier);

    // The consumer works from the stream, a moment after: wait until the last things made are counted.
    await waitFor(async () => {
      const e = oracle().get(key({}, weekStartOf(made.jobs[1].createdAt)))!;
      const got = await figuresOf({}, weekStartOf(made.jobs[1].createdAt));
      return got.counts.finished === e.counts.finished &&
        got.counts.chatRooms === e.counts.chatRooms &&
        got.counts.accepted === e.counts.accepted
        ? true
        : undefined;
    }, 60_000);
    // And the rest of the stream (records are handled in order: everything before them is counted too).
    await new Promise((r) => setTimeout(r, 2000));
  }, 240_000);

  it('equal the oracle in every week, across Albania, in each town, service and pair; untouched places are zero', async () => {
    const expected = await compareAll();
    // Albania, 5 towns, 5 services and 7 pairs had something happen (more when the week turned meanwhile).
    expect(expected.size).toBeGreaterThanOrEqual(18);
    const empty = await figuresOf({ town: 'Berat' }, weeksMade()[0]);
    expect(empty.counts.requests).toBe(0);
    expect(empty.values.answeredWithin24h).toBeNull();
  });

  it('the grid: the pairs with requests and how many were answered within 24 hours, worst first', async () => {
    const expected = oracle();
    for (const week of weeksMade()) {
      const res = await call<OperatorGridAnswer>('GET', `/operator/grid?week=${week}`, { token: operatorEn.token });
      const cells = [...expected]
        .filter(([k, e]) => k.endsWith(`|${week}`) && k.split('|')[0] && k.split('|')[1] && e.counts.requests > 0)
        .map(([k, e]) => ({
          town: k.split('|')[0],
          service: k.split('|')[1],
          requests: e.counts.requests,
          answered: e.counts.answered,
          answeredWithin24h: e.counts.answeredWithin24h,
          activeBusinesses: e.counts.activeBusinesses,
        }));
      expect(
        [...res.body.cells].sort((a, b) => `${a.town}${a.service}`.localeCompare(`${b.town}${b.service}`)),
      ).toEqual(cells.sort((a, b) => `${a.town}${a.service}`.localeCompare(`${b.town}${b.service}`)));
      // Worst first: the pairs nobody answered in time lead.
      const waiting = (c: { requests: number; answeredWithin24h: number }) => c.requests - c.answeredWithin24h;
      const order = res.body.cells.map(waiting);
      expect(order).toEqual([...order].sort((a, b) => b - a));
    }
  });

  it('the CSV export holds the same numbers, week by week', async () => {
    const week = weeksMade()[0];
    const expected = oracle();
    const res = await call('GET', `/operator/export?figure=answeredWithin24h&from=${week}&to=${week}&town=Tirana`, {
      token: operatorEn.token,
    });
    expect(res.status).toBe(200);
    const [header, row] = String(res.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(header).toBe('week_start,week_end,town,service,answeredWithin24h_share,answeredWithin24h,requests');
    const tirana = expected.get(key({ town: 'Tirana' }, week))!;
    const share = tirana.counts.answeredWithin24h / tirana.counts.requests;
    expect(row).toBe(
      `${week},${weekEndOf(week)},Tirana,,${Number(share.toFixed(4))},${tirana.counts.answeredWithin24h},${tirana.counts.requests}`,
    );
  });

  it('every record of the stream handed over again changes nothing', async () => {
    const before = await snapshotFigures();
    const { countOperatorFigures } = await import('../../lambdas/notify/operatorFigures');
    const records = await streamRecords();
    expect(records.length).toBeGreaterThan(30);
    let counted = 0;
    for (const r of records) counted += await countOperatorFigures(r);
    expect(counted).toBe(0);
    expect(await snapshotFigures()).toEqual(before);
    await compareAll();
  });

  it('the backfill rebuilds the same figures from the records, and a second run counts nothing', async () => {
    const before = await snapshotFigures();
    await wipeFigures();
    expect((await figuresOf({}, weeksMade()[0])).counts.requests).toBe(0);
    const { backfillOperatorFigures } = await import('../../scripts/operator-backfill');
    const first = await backfillOperatorFigures(stackPool());
    expect(first.counted).toBeGreaterThan(0);
    await compareAll();
    expect(await snapshotFigures()).toEqual(before);
    const second = await backfillOperatorFigures(stackPool());
    expect(second).toMatchObject({ counted: 0, happenings: first.happenings });
  });

  it("the weekly email tells each operator, in its language, the oracle's figures and worst pairs, once", async () => {
    const week = weeksMade()[0];
    const { handler } = await import('../../lambdas/notify/operatorReport');
    const result = await handler({ week });
    expect(result).toEqual({ operators: 2, sent: 2 });
    const e = oracle().get(key({}, week))!;
    const [english] = await waitForEmails(operatorEn.email, /^The marketplace in the week of/);
    expect(english.text).toContain(`- Requests posted: ${e.counts.requests} (`);
    expect(english.text).toContain(`- Finished jobs: ${e.counts.finished} (`);
    expect(english.text).toContain(`- Active businesses: ${e.counts.activeBusinesses} (`);
    // The worst pairs: the two requests nobody answered (Tirana furniture, Shkodër bathroom), most waiting first.
    expect(english.text).toContain('- Shkodër · Bathroom: 0%, 0 of 1 within 24 h');
    expect(english.text).toContain('- Tirana · Furniture: 0%, 0 of 1 within 24 h');
    const [albanian] = await waitForEmails(operatorSq.email, /^Tregu në javën/);
    expect(albanian.text).toContain(`- Kërkesa të postuara: ${e.counts.requests} (`);
    expect(albanian.text).toContain('- Shkodër · Banjo: 0%, 0 nga 1 brenda 24 orëve');

    expect(await handler({ week })).toEqual({ operators: 2, sent: 0 });
    expect(await waitForEmails(operatorEn.email, /^The marketplace in the week of/, 2, 1500)).toHaveLength(1);
  });
});
