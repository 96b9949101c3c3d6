/**
 * Figures of the price guide, on a throw-away local stack seeded with the demo data:
 * - the demo data's guide: Furniture and Interior Design in Tirana show a figure on the first run;
 * - read latency: GET /price-guide through the local gateway (no sign-in) next to a plain GetItem of a small item
 *   and the GetItem of the guide's item itself (p50 / p95 over SAMPLES);
 * - the stream handler's cost per accepted offer: items written to the guide (and reads) per acceptance, counted
 *   on the data layer's DynamoDB client while N offers are accepted through the real handlers.
 *
 *   npm run bench:price-guide
 *
 * DynamoDB Local is not DynamoDB: the latencies are for comparison only; the writes per event are exact.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { PriceGuideAnswer } from '../common/priceGuide';
import { act, ensureCognitoUser } from '../bin/local/seed';
import { randomPorts, startLocalStack } from '../bin/local/stack';
import { ddb, table } from '../lambdas/data/client';
import { keys } from '../lambdas/model/keys';

const SAMPLES = 200;
const ACCEPTED = 20;
process.env.LOG_LEVEL = 'silent';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-guide-'));
const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: false, seed: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];
const ms = (n: number) => `${n.toFixed(1)} ms`;

try {
  const guide = async (service: string, town = 'Tirana') =>
    (await (await fetch(`${info.apiUrl}/price-guide?service=${service}&town=${town}`)).json()) as PriceGuideAnswer;

  // 1. The demo data's figures, once the stream has taken the seed's acceptances in.
  for (const service of ['furniture', 'interior-design']) {
    let answer = await guide(service);
    for (let i = 0; i < 100 && answer.figure?.scope !== 'town'; i++) {
      await sleep(200);
      answer = await guide(service);
    }
    const f = answer.figure;
    console.log(
      f?.scope === 'town'
        ? `demo data: ${service} in Tirana: ${f.p25} to ${f.p75} (median ${f.median}), from ${f.count} offers`
        : `demo data: ${service} in Tirana shows NO figure of its own (${JSON.stringify(answer.figure)})`,
    );
  }

  // 2. Read latency.
  const timed = async (run: () => Promise<unknown>) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      await run();
      samples.push(performance.now() - started);
    }
    return `p50 ${ms(pct(samples, 0.5))}, p95 ${ms(pct(samples, 0.95))}`;
  };
  const getItem = (key: { pk: string; sk: string }) => ddb().send(new GetCommand({ TableName: table(), Key: key }));
  console.log(`GetItem of a category (plain):       ${await timed(() => getItem(keys.category('furniture')))}`);
  console.log(
    `GetItem of the guide's town item:     ${await timed(() => getItem(keys.priceGuideArea('furniture', 'Tirana')))}`,
  );
  console.log(`GET /price-guide (gateway, handler): ${await timed(() => guide('furniture'))}`);
  console.log(`GET /price-guide, town -> country:   ${await timed(() => guide('furniture', 'Kukës'))}`);

  // 3. Writes per accepted offer, counted on the data layer's client (the stream handler runs in this process).
  const counted = { writes: 0, reads: 0 };
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const input = JSON.stringify((args as { input: unknown }).input);
      if (input.includes('PRICEGUIDE#')) {
        const name = context.commandName ?? '';
        const items = (args as { input: { TransactItems?: unknown[] } }).input.TransactItems;
        if (items) counted.writes += items.filter((i) => JSON.stringify(i).includes('PRICEGUIDE#')).length;
        else if (/Put|Update|Delete/.test(name)) counted.writes++;
        else counted.reads++;
      }
      return next(args);
    },
    { step: 'initialize', name: 'countPriceGuideCalls' },
  );
  const client = { role: 'client' as const, email: 'bench-guide@test.al', password: 'Bench#2026x', name: 'Bench' };
  const clientSub = await ensureCognitoUser(info, client);
  const claims = { sub: clientSub, nickname: 'client', email: client.email };
  const user = await act<{ _id: string }>('createUser', claims, {
    body: { email: client.email, cognitoId: clientSub, username: client.name },
  });
  const bizAccount = { role: 'business' as const, email: 'bench-biz@test.al', password: 'Bench#2026x', name: 'B' };
  const bizSub = await ensureCognitoUser(info, bizAccount);
  const bizClaims = { sub: bizSub, nickname: 'business', email: bizAccount.email };
  const biz = await act<{ _id: string }>('createBusiness', bizClaims, {
    body: { email: bizAccount.email, cognitoId: bizSub, businessName: 'Bench Studio', location: 'Berat' },
  });
  const offerIds: string[] = [];
  for (let i = 0; i < ACCEPTED; i++) {
    const post = await act<{ _id: string }>('createPost', claims, {
      body: {
        userId: user._id,
        title: `Bench ${i}`,
        category: ['painting'],
        location: 'Berat',
        budget: 500,
        content: '',
        images: [],
      },
    });
    const offer = await act<{ _id: string }>('createOffer', bizClaims, {
      body: { postId: post._id, businessId: biz._id, price: 300 + i * 10, message: 'Bench' },
    });
    offerIds.push(offer._id);
  }
  await sleep(2000); // the offers' own stream records pass first (they move no figure)
  counted.writes = 0;
  counted.reads = 0;
  for (const offerId of offerIds) await act('updateOfferStatus', claims, { body: { offerId, newStatus: 'accepted' } });
  const contributions = async () => {
    let n = 0;
    for (const id of offerIds) if ((await getItem(keys.priceGuideContribution(id))).Item) n++;
    return n;
  };
  for (let i = 0; i < 150 && (await contributions()) < ACCEPTED; i++) await sleep(200);
  await sleep(1000);
  // The contribution checks above read PRICEGUIDE items too: count the stream handler's reads apart.
  console.log(
    `stream handler per accepted offer (a request with 1 service): ${(counted.writes / ACCEPTED).toFixed(1)} items written ` +
      `(1 transaction: the offer's share + its town and country items), over ${ACCEPTED} acceptances`,
  );
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
