/**
 * Every copy converges to its source (lambdas/model/copies.ts COPIES), whatever the order things happen in: a
 * property test on a table of its own in the test stack's DynamoDB Local. Each run builds a small world with the app's
 * own writes (a client, a business, the client's request with the business's offer, a live Sponsored run, a chat
 * room, a pending verification request, a finished job, an idea of its pictures and one of the portfolio), then
 * changes the sources in a random order (renames, pictures, towns, public pages, plans, moderation's marks, a request
 * closed, reopened or hidden, the job's client answering about its price band, an idea given new tags), each with
 * the write path finishing, running out
 * of time or absent; meanwhile the table's own stream records are handed to the copy consumers late, twice and out
 * of order, some while a change is being written. Once every record was delivered at least once, every target shows
 * its source as it is. The rebuild (scripts/copies-rebuild.ts) repairs copies set wrong behind the app's back, an
 * idea's card and its job's price band among them.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../bin/local/provision';
import { readShard, toLambdaRecord, type ShardPosition } from '../../bin/local/streams';
import { stack } from '../support/api';
import { useStackEnvironment } from '../support/notifications';
import type { StoredIdea } from '../../lambdas/model/ideas';

type Item = Record<string, unknown>;
// The modules are loaded once the environment points at the test's own table.
let app: Awaited<ReturnType<typeof load>>;
const load = async () => ({
  ...(await import('../../lambdas/data/users')),
  ...(await import('../../lambdas/data/businesses')),
  ...(await import('../../lambdas/data/posts')),
  ...(await import('../../lambdas/data/postLife')),
  ...(await import('../../lambdas/data/offers')),
  ...(await import('../../lambdas/data/ads')),
  ...(await import('../../lambdas/data/rooms')),
  ...(await import('../../lambdas/data/verifications')),
  ...(await import('../../lambdas/data/subscriptions')),
  ...(await import('../../lambdas/data/moderation')),
  ...(await import('../../lambdas/data/finishedJobs')),
  ...(await import('../../lambdas/data/ideas')),
  ...(await import('../../lambdas/data/client')),
  ...(await import('../../lambdas/model/ideas')),
  ...(await import('../../lambdas/data/transact')),
  ...(await import('../../lambdas/data/query')),
  ...(await import('../../lambdas/data/copies')),
  ...(await import('../../lambdas/notify/copies')),
  ...(await import('../../lambdas/model/copies')),
  ...(await import('../../lambdas/model/keys')),
  ...(await import('../../lambdas/model/postLife')),
  ...(await import('../../lambdas/model/ads')),
  ...(await import('../../lambdas/model/posts')),
  ...(await import('../../lambdas/domain/offers')),
  ...(await import('../../lambdas/domain/ads')),
  ...(await import('../../lambdas/domain/chat')),
  ...(await import('../../lambdas/lib/followUps')),
  ...(await import('../../lambdas/lib/log')),
});

const TABLE = `copies-${randomUUID().slice(0, 8)}`;
let streams: DynamoDBStreamsClient;
let streamArn: string;
const positions = new Map<string, ShardPosition>();

/** Every record the table's stream has given since the last call (all shards, in order per shard). */
async function newRecords(): Promise<DynamoDBRecord[]> {
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  for (const shard of StreamDescription?.Shards ?? []) {
    if (!shard.ShardId || positions.has(shard.ShardId)) continue;
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({ StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' }),
    );
    positions.set(shard.ShardId, { iterator: ShardIterator });
  }
  const out: DynamoDBRecord[] = [];
  for (const [shard, position] of positions)
    out.push(
      ...(await readShard(streams, streamArn, shard, position, 1000)).map((r) =>
        toLambdaRecord(r, streamArn, stack().region),
      ),
    );
  return out;
}

beforeAll(async () => {
  useStackEnvironment();
  const s = stack();
  await ensureTable(s.dynamoEndpoint, TABLE);
  process.env.TABLE_NAME = TABLE;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ endpoint: s.dynamoEndpoint, region: s.region, credentials });
  streamArn = (await ddb.send(new DescribeTableCommand({ TableName: TABLE }))).Table!.LatestStreamArn!;
  ddb.destroy();
  streams = new DynamoDBStreamsClient({ endpoint: s.dynamoEndpoint, region: s.region, credentials });
  app = await load();
  await newRecords();
});
afterAll(() => {
  streams?.destroy();
  process.env.TABLE_NAME = stack().tableName;
});

/** A world of one run: every id carries the run's own mark, so its stream records are told from other runs'. */
async function newWorld() {
  const run = randomUUID().slice(0, 8);
  const now = new Date().toISOString();
  const userId = `u-${run}`;
  const businessId = `b-${run}`;
  const client = { _id: userId, cognitoId: `su-${run}`, username: 'Ana', email: `a-${run}@test.al`, createdAt: now };
  await app.createUserRecord(client);
  const business = {
    _id: businessId,
    cognitoId: `sb-${run}`,
    businessName: 'Casa Dru',
    email: `b-${run}@test.al`,
    location: 'Tirana',
    categories: ['painting'],
    showroom: [],
    plan: 'basic' as const,
    createdAt: now,
  };
  await app.createBusinessRecord(business);
  const post = {
    _id: `p-${run}`,
    userId,
    title: 'Paint the hall',
    images: [],
    category: ['painting'],
    location: 'Tirana',
    createdAt: now,
    status: 'open' as const,
    expiresAt: app.expiryFrom(now),
    ...app.copyFields('clientName', client),
  };
  await app.createPostRecord(post);
  const offer = app.newOffer(
    { postId: post._id, businessId, price: 100, message: 'Hi' },
    business.cognitoId,
    post,
    business,
  );
  await app.createOffer(offer, 'basic');
  const ad = app.newAd(
    business,
    'uploads/x/ad.png',
    { id: `t-${run}`, status: 'Pending' },
    { category: 'painting', towns: ['Tirana'] },
    { price: 20, currency: 'EUR' },
    randomUUID(),
  );
  await app.transact(app.adPut(ad));
  await app.transact(app.startRunItems(ad, now));
  await app.createRoomOnce(app.newRoom(business, client));
  await app.putVerificationRequest(
    {
      businessId,
      businessSub: business.cognitoId,
      nipt: 'K12345678L',
      document: 'uploads/x/doc.png',
      status: 'pending',
      requestedAt: now,
      ...(app.copyFields('verificationName', business) as {
        businessName: string;
        location: string;
        profileVersion: string;
      }),
    },
    undefined,
  );
  // A finished job of another of the client's requests, and the business's ideas: a picture of the job (its price
  // band copied besides its card) and a portfolio picture with no style.
  const jobPostId = `p2-${run}`;
  const job = {
    _id: `j-${run}`,
    postId: jobPostId,
    businessId,
    offerId: `o2-${run}`,
    userId,
    rating: 5,
    review: 'Well done',
    createdAt: now,
    post: { title: 'Tile the kitchen', images: [], location: 'Tirana' },
    ...app.copyFields('businessCard', business),
  };
  await app.transact([
    {
      Put: {
        TableName: app.table(),
        Item: {
          ...app.keys.finishedJob(jobPostId),
          ...app.keys.businessJobsIndex(businessId, now, job._id),
          ...job,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
  const idea = (picture: string, extra: Pick<StoredIdea, 'source'> & Partial<StoredIdea>): StoredIdea => ({
    _id: app.ideaIdOf(businessId, picture),
    businessId,
    businessSub: business.cognitoId,
    picture,
    room: 'kitchen' as const,
    service: 'painting',
    town: 'Tirana',
    createdAt: now,
    updatedAt: now,
    version: 1,
    business: app.businessCardCopy(business),
    ...extra,
  });
  const jobIdea = idea(`uploads/sb-${run}/job.png`, {
    source: 'job' as const,
    postId: jobPostId,
    style: 'modern' as const,
    priceBand: app.priceBandCopyOf({}),
  });
  const portfolioIdea = idea(`uploads/sb-${run}/room.png`, { source: 'portfolio' as const, room: 'bathroom' as const });
  await app.createIdea(jobIdea);
  await app.createIdea(portfolioIdea);
  return {
    run,
    userId,
    businessId,
    postId: post._id,
    offerId: offer._id,
    adId: ad._id,
    jobPostId,
    ideaIds: [jobIdea._id, portfolioIdea._id],
  };
}
type World = Awaited<ReturnType<typeof newWorld>>;

/** The changes of sources a run makes, each as the app writes it. */
const CHANGES = {
  rename: async (w: World, n: number) =>
    app.updateUserRecord(w.userId, `su-${w.run}`, { username: `Ana ${n}` }, new Date().toISOString()),
  clientPicture: async (w: World, n: number) =>
    app.updateUserRecord(w.userId, `su-${w.run}`, { profilePicture: `uploads/su/${n}.png` }, new Date().toISOString()),
  businessEdit: async (w: World, n: number) => {
    const current = (await app.getBusinessById(w.businessId, { consistent: true }))!;
    const field = (['businessName', 'profilePicture', 'location', 'publicPage'] as const)[n % 4];
    const value =
      field === 'location'
        ? ['Tirana', 'Durrës', 'Vlorë'][n % 3]
        : field === 'businessName'
          ? `Casa ${n}`
          : field === 'publicPage'
            ? current.publicPage === false
            : `uploads/b/${n}.png`;
    return app.updateBusinessRecord(current, `sb-${w.run}`, { [field]: value }, new Date().toISOString());
  },
  plan: async (w: World, n: number) =>
    app.transact(app.grantPlanItems(w.businessId, (['basic', 'standard', 'premium'] as const)[n % 3])),
  hideBusiness: async (w: World) =>
    app.transact(app.hideBusinessWrites(w.businessId, { reason: 'x', at: new Date().toISOString() })),
  closeOrReopen: async (w: World) => {
    const post = (await app.getRecord<Parameters<typeof app.closePost>[0]>(app.keys.post(w.postId), {
      consistent: true,
    }))!;
    const now = new Date().toISOString();
    if (post.status === 'open') return app.closePost(post, { reason: 'client', ownerUserId: w.userId }, now);
    if (!post.reopenedAt) return app.reopenPost(post, w.userId, now);
  },
  hidePost: async (w: World) => {
    const post = (await app.getRecord<Parameters<typeof app.hidePostWrites>[0]>(app.keys.post(w.postId), {
      consistent: true,
    }))!;
    return app.transact(app.hidePostWrites(post, { reason: 'x', at: new Date().toISOString() }));
  },
  bandAnswer: async (w: World, n: number) => {
    const job = (await app.getRecord<Parameters<typeof app.setBandConsent>[0]>(app.keys.finishedJob(w.jobPostId), {
      consistent: true,
    }))!;
    return app.setBandConsent(job, n % 2 === 0, { min: 500, max: 1000 }, new Date().toISOString());
  },
  retag: async (w: World, n: number) => {
    const before = (await app.getIdea(w.ideaIds[n % 2], { consistent: true }))!;
    const after = {
      ...before,
      room: (['kitchen', 'office', 'bedroom'] as const)[n % 3],
      town: ['Tirana', 'Durrës', 'Vlorë'][n % 3],
      version: before.version + 1,
      updatedAt: new Date().toISOString(),
    };
    return app.retagIdea(before, after);
  },
} as const;
type Change = keyof typeof CHANGES;

/** How the write path fares: it finishes, its time runs out before it starts, or it is absent (a crash). */
type WritePath = 'finishes' | 'outOfTime' | 'absent';

async function change(w: World, name: Change, n: number, path: WritePath) {
  const write = async () => {
    try {
      await CHANGES[name](w, n);
    } catch (err) {
      // A close of a closed request and the like: refused, nothing written.
      if ((err as { status?: number }).status !== 409) throw err;
    }
  };
  if (path === 'absent') return write();
  const until = path === 'finishes' ? Infinity : 0;
  return app.withFollowUps(write, { until: () => until, log: app.createLogger({ handler: 'copiesConvergence' }) });
}

const deliver = (record: DynamoDBRecord) => Promise.all(app.COPY_CONSUMERS.map((c) => c.handle(record)));

/** Every target of the world against its source as it is now: what differs, as readable lines. */
async function differences(w: World): Promise<string[]> {
  const get = (key: { pk: string; sk: string }) => app.getRecord<Item>(key, { consistent: true });
  const [client, business, post] = [
    await get(app.keys.user(w.userId)),
    await get(app.keys.business(w.businessId)),
    await get(app.keys.post(w.postId)),
  ];
  const out: string[] = [];
  const expect = (what: string, held: unknown, wanted: unknown) => {
    if (!app.sameValue(held, wanted)) out.push(`${what}: ${JSON.stringify(held)} != ${JSON.stringify(wanted)}`);
  };
  const card = app.businessCardCopy(business as never);
  const offer = (await get(app.keys.offer(w.offerId)))!;
  expect('offer.business', offer.business, card);
  expect('offer.post', offer.post, app.postCopyOf(post as never));
  const ad = (await get(app.keys.ad(w.adId)))!;
  expect('ad.business', ad.business, card);
  for (const key of app.entryKeys(ad as never)) expect(`entry ${key.pk}.business`, (await get(key))?.business, card);
  const tokens = await app.allItemsOf({
    partition: app.keys.business(w.businessId).pk,
    skPrefix: 'NAMETOKEN#',
    consistent: true,
  });
  for (const token of tokens) expect(`token ${String(token.sk)}.business`, token.business, card);
  const room = (await get(app.keys.room(w.businessId, w.userId)))!;
  expect('room.user', room.user, app.roomUser(client as never));
  expect('room.business', room.business, app.roomBusiness(business as never));
  const request = (await get(app.keys.verification(w.businessId)))!;
  expect(
    'verification',
    { businessName: request.businessName, location: request.location },
    app.verificationCopyOf(business as never),
  );
  expect('post.clientName', post!.clientName, client!.username);
  // The version a copy carries never passes its source's (it moves only when the copy does).
  if (Number(post!.clientNameVersion ?? 0) > Number(client!.revision ?? 0)) out.push('post.clientNameVersion ahead');
  if (post!.status === 'open' && !post!.hidden)
    for (const key of app.openIndexEntryKeys(post as never))
      expect(`open entry ${key.pk}.clientName`, (await get(key))?.clientName, client!.username);
  const job = (await get(app.keys.finishedJob(w.jobPostId)))!;
  expect('job.business', job.business, card);
  const band = app.priceBandCopyOf(job as never);
  for (const id of w.ideaIds) {
    const idea = (await get(app.ideaKeys.idea(id)))!;
    const targets = [{ what: `idea ${id}`, item: idea }];
    for (const key of app.ideaEntryKeys(idea as never))
      targets.push({ what: `idea entry ${key.pk}`, item: (await get(key))! });
    for (const t of targets) {
      expect(`${t.what}.business`, t.item?.business, card);
      if (idea.postId) expect(`${t.what}.priceBand`, t.item?.priceBand, band);
    }
  }
  return out;
}

const step = fc.record({
  change: fc.constantFrom(...(Object.keys(CHANGES) as Change[])),
  n: fc.nat({ max: 1000 }),
  path: fc.constantFrom<WritePath>('finishes', 'outOfTime', 'absent'),
  /** Records handed over after this change, some of them while the next change is written. */
  deliveries: fc.array(fc.record({ pick: fc.nat(), twice: fc.boolean(), during: fc.boolean() }), { maxLength: 4 }),
});

describe('copies converge to their sources', () => {
  it('whatever the order of changes and of the stream’s late, repeated and reordered deliveries', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        async (steps, order) => {
          const w = await newWorld();
          const mine = (r: DynamoDBRecord) =>
            JSON.stringify(r.dynamodb?.Keys ?? {}).includes(w.run) ||
            JSON.stringify(r.dynamodb?.NewImage ?? r.dynamodb?.OldImage ?? {}).includes(w.run);
          let pending: DynamoDBRecord[] = (await newRecords()).filter(mine);
          for (const s of steps) {
            const during: Promise<unknown>[] = [];
            for (const d of s.deliveries) {
              if (!pending.length) break;
              const i = d.pick % pending.length;
              const record = pending[i];
              if (!d.twice) pending = pending.filter((_, j) => j !== i);
              if (d.during) during.push(deliver(record));
              else await deliver(record);
            }
            await Promise.all([change(w, s.change, s.n, s.path), ...during]);
            pending.push(...(await newRecords()).filter(mine));
          }
          // The stream hands every record over at least once, in an order of its own.
          for (let k = 0; pending.length; k++) {
            const [record] = pending.splice(order[k % order.length] % pending.length, 1);
            await deliver(record);
            pending.push(...(await newRecords()).filter(mine));
          }
          expect(await differences(w)).toEqual([]);
        },
      ),
      // More runs for a longer search: COPIES_CONVERGENCE_RUNS=200. On a loaded machine the search stops starting runs
      // after two minutes rather than outlive its test (each run is a world of its own, its finding unchanged).
      { numRuns: Number(process.env.COPIES_CONVERGENCE_RUNS ?? 20), interruptAfterTimeLimit: 120_000 },
    );
  }, 300_000);

  it('the rebuild (npm run copies:rebuild) writes again every copy set wrong behind the app’s back', async () => {
    // Real accounts of the stack's user pool, on the stack's own table: what the script walks.
    const { call, newBusiness, newClient, newOffer, newPost, setStatus, stackPool, uploadPicture } =
      await import('../support/api');
    const { SERVICE_IDS } = await import('../../common/schemas/priceGuide');
    process.env.TABLE_NAME = stack().tableName;
    try {
      const client = await newClient({ username: 'Rebuilt Client' });
      const business = await newBusiness({ businessName: 'Rebuilt Studio' });
      const post = await newPost(client, { title: 'Rebuilt request' });
      const offer = await newOffer(business, post._id);
      // A finished job of another request, a picture of it among the ideas, its band shown by the client's consent.
      const done = await newPost(client, { title: 'Rebuilt kitchen', images: [] });
      const doneOffer = await newOffer(business, done._id, { price: 900 });
      expect((await setStatus(client, doneOffer._id, 'accepted')).status).toBe(200);
      const review = { postId: done._id, businessId: business.businessId, rating: 5, review: 'Well done' };
      expect((await call('POST', '/finishedJobs', { token: client.token, body: review })).status).toBe(201);
      const picture = await uploadPicture(business);
      const body = { picture, postId: done._id, room: 'kitchen', service: SERVICE_IDS[0] };
      let tagged = await call('POST', '/ideas', { token: business.token, body });
      for (let again = 0; tagged.body?.code === 'IMAGE_PROCESSING' && again < 10; again++) {
        await new Promise((r) => setTimeout(r, 500));
        tagged = await call('POST', '/ideas', { token: business.token, body });
      }
      expect(tagged.status, JSON.stringify(tagged.body)).toBe(201);
      const consent = await call('PUT', `/ideas/price-band/${done._id}`, { token: client.token, body: { show: true } });
      expect(consent.status, JSON.stringify(consent.body)).toBe(200);
      const ideaKey = app.ideaKeys.idea(String(tagged.body._id));
      // Let the stream settle what the requests wrote, then set copies wrong as a lost record would leave them.
      await new Promise((r) => setTimeout(r, 1500));
      const { tableClient } = await import('../support/expiry');
      const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
      const db = tableClient();
      const stale = async (key: { pk: string; sk: string }, expression: string, names: Record<string, string>) =>
        db.send(
          new UpdateCommand({
            TableName: stack().tableName,
            Key: key,
            UpdateExpression: expression,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':x': 'Stale' },
          }),
        );
      await stale(app.keys.offer(offer._id), 'SET #b.businessName = :x, #p.title = :x', {
        '#b': 'business',
        '#p': 'post',
      });
      await stale(app.keys.post(post._id), 'SET #n = :x', { '#n': 'clientName' });
      const heldBand = (await app.getRecord<Item>(ideaKey, { consistent: true }))!.priceBand as Item;
      await db.send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: ideaKey,
          UpdateExpression: 'SET #b.businessName = :x, #p = :band',
          ExpressionAttributeNames: { '#b': 'business', '#p': 'priceBand' },
          ExpressionAttributeValues: { ':x': 'Stale', ':band': { v: heldBand.v } },
        }),
      );
      const shown = async () => {
        const read = async (key: { pk: string; sk: string }) => app.getRecord<Item>(key, { consistent: true });
        const [o, p, i] = [
          await read(app.keys.offer(offer._id)),
          await read(app.keys.post(post._id)),
          await read(ideaKey),
        ];
        return {
          card: (o?.business as Item).businessName,
          summary: (o?.post as Item).title,
          name: p?.clientName,
          ideaCard: (i?.business as Item).businessName,
          band: !!(i?.priceBand as Item).band,
        };
      };
      expect(await shown()).toEqual({ card: 'Stale', summary: 'Stale', name: 'Stale', ideaCard: 'Stale', band: false });
      const { rebuildCopies } = await import('../../scripts/copies-rebuild');
      const first = await rebuildCopies(stackPool());
      expect(first.written).toBeGreaterThanOrEqual(5);
      expect(await shown()).toEqual({
        card: 'Rebuilt Studio',
        summary: 'Rebuilt request',
        name: 'Rebuilt Client',
        ideaCard: 'Rebuilt Studio',
        band: true,
      });
      db.destroy();
    } finally {
      process.env.TABLE_NAME = TABLE;
    }
  }, 180_000);
});
