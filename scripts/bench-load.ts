/**
 * Load benchmark (a figure, not a timed test): the API against the database it reads, at the same concurrency.
 * Starts a throw-away local stack with the demo data and some hundreds of extra open requests, then:
 *
 * 1. read capacity per page: each list of the mix (and the other lists) called once through the gateway with
 *    every DynamoDB call of the handlers asked for its consumed capacity (ReturnConsumedCapacity: TOTAL), beside one
 *    raw Query of a page of the all-open partition;
 * 2. the API: CONCURRENCY connections for SECONDS in all over a mix of list and detail reads (a separate process,
 *    scripts/bench-load-worker.ts);
 * 3. the database alone: the same concurrency of raw DynamoDB Local operations (one Query of a page, one GetItem)
 *    for as long, in a separate process; the two take turns in slices of 5 s so both meet the same machine.
 *
 * Prints requests/s and p50/p95/p99 of both, the ratio of the p95s beside its goal (1.2), the answers other than 2xx
 * (any one makes it exit non-zero), and the capacity table. DynamoDB Local is not DynamoDB and the machine may be shared: the ratio and the counts matter, not the
 * absolute numbers.
 *
 *   npm run bench:load                       # 50 connections, 30 s each phase
 *   npx tsx scripts/bench-load.ts 20 10      # 20 connections, 10 s
 *   BENCH_LOAD_PROFILE=/tmp/prof npx tsx scripts/bench-load.ts 50 10
 *                                            # also a CPU profile of this process (the API) during the API's turns:
 *                                            # one .cpuprofile per turn in that folder, and its summary printed
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance as perfHooks } from 'node:perf_hooks';
import path from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TOWNS } from '../common/constants';
import { DEMO_BUSINESSES, DEMO_CLIENT, DEMO_MODERATOR } from '../common/demoData';
import { act } from '../bin/local/seed';
import { randomPorts, startLocalStack } from '../bin/local/stack';
import { profiler, summaryText, type CpuProfile } from './lib/cpuProfile';
import { ddb } from '../lambdas/data/client';
import { keys } from '../lambdas/model/keys';
import type { LoadPlan, LoadSlice } from './bench-load-worker';

const [concurrencyArg, secondsArg] = process.argv.slice(2).map(Number);
const CONCURRENCY = concurrencyArg > 0 ? concurrencyArg : 50;
const SECONDS = secondsArg > 0 ? secondsArg : 30;
const EXTRA_POSTS = 400;
const SLICE_SECONDS = 5;
const PAGE = 20;
/** The API's p95 under the mixed load is at most this many times the raw operations' (measured on a quiet machine). */
const P95_RATIO_GOAL = 1.2;
process.env.LOG_LEVEL = 'silent';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-load-'));
const planFile = path.join(dataDir, 'plan.json');
console.log('Starting a throw-away local stack with the demo data...');
const { info, stop, dynamo } = await startLocalStack({ dataDir, ports: await randomPorts(), web: false, seed: true });

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in clock ticks.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
/** Linux's USER_HZ, the unit of /proc's CPU times, is 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** CPU each process spent during one side's turns: the load worker, the API process (this one), DynamoDB Local. */
interface CpuSpent {
  worker: number;
  api: number;
  dynamo: number;
}
const noCpu = (): CpuSpent => ({ worker: 0, api: 0, dynamo: 0 });

/** One slice of load from a worker process (scripts/bench-load-worker.ts): its JSON line. */
function runWorker(mode: 'api' | 'raw', seconds: number): Promise<LoadSlice> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/bench-load-worker.ts', mode, planFile, String(seconds)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`${mode} worker exited with ${code}`));
      resolve(JSON.parse(out.trim().split('\n').pop()!) as LoadSlice);
    });
  });
}

interface LoadResult {
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  non2xx: number;
  byStatus: Record<string, number>;
}

/** The slices of one side put together. */
function summary(slices: LoadSlice[]): LoadResult {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const byStatus: Record<string, number> = {};
  for (const s of slices) for (const [k, n] of Object.entries(s.byStatus)) byStatus[k] = (byStatus[k] ?? 0) + n;
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? NaN;
  return {
    requests: latencies.length,
    seconds: slices.reduce((n, s) => n + s.seconds, 0),
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    non2xx: Object.entries(byStatus)
      .filter(([k]) => !/^2\d\d$/.test(k))
      .reduce((n, [, c]) => n + c, 0),
    byStatus,
  };
}

try {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: info.authEndpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const signIn = async (email: string, password: string) => {
    const auth = await cognito.send(
      new InitiateAuthCommand({
        ClientId: info.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: password },
      }),
    );
    const token = auth.AuthenticationResult!.IdToken!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, string>;
    return { token, sub: claims.sub, claims: { sub: claims.sub, nickname: claims.nickname, email } };
  };
  const client = await signIn(DEMO_CLIENT.email, DEMO_CLIENT.password);
  const business = await signIn(DEMO_BUSINESSES[0].email, DEMO_BUSINESSES[0].password);
  const moderator = await signIn(DEMO_MODERATOR.email, DEMO_MODERATOR.password);
  cognito.destroy();

  const api = async <T>(p: string, token: string): Promise<T> => {
    const res = await fetch(info.apiUrl + p, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const user = await api<{ _id: string }>(`/user/cognito/${client.sub}`, client.token);
  const biz = await api<{ _id: string }>(`/business/cognito/${business.sub}`, business.token);
  const categories = await api<{ _id: string }[]>('/category/all', client.token);

  console.log(`Adding ${EXTRA_POSTS} open requests...`);
  for (let i = 0; i < EXTRA_POSTS; i++) {
    await act('createPost', client.claims, {
      body: {
        userId: user._id,
        title: `Load post ${i}`,
        location: TOWNS[i % 4],
        category: [categories[i % categories.length]._id],
        budget: ((i * 37) % 7000) + 1,
        content: 'Benchmark',
        images: [],
      },
    });
  }
  // The demo client talks with the businesses that advertise (the demo data has no chat rooms).
  const advertisers = await api<{ businessId: string }[]>('/ads?limit=100', client.token);
  for (const businessId of new Set(advertisers.map((a) => a.businessId)))
    await act('createChatRoom', client.claims, { body: { businessId, clientId: user._id } });
  await act('createChatRoom', client.claims, { body: { businessId: biz._id, clientId: user._id } });
  const offers = await api<{ postId: string }[]>(`/business/offers/${biz._id}`, business.token);
  const posts = await api<{ _id: string }[]>(`/post/available?limit=100`, client.token);
  const postWithOffers = offers[0]?.postId ?? posts[0]._id;

  const lists: Record<string, { path: string; token: string }> = {
    'available posts': { path: `/post/available?limit=${PAGE}`, token: client.token },
    'filtered: 1 category x 1 town': {
      path: `/post/filtred?categories=${categories[0]._id}&locations=${encodeURIComponent(TOWNS[0])}&limit=${PAGE}`,
      token: client.token,
    },
    'filtered: 1 category': {
      path: `/post/filtred?categories=${categories[1]._id}&limit=${PAGE}`,
      token: client.token,
    },
    'filtered: 1 town': {
      path: `/post/filtred?locations=${encodeURIComponent(TOWNS[1])}&limit=${PAGE}`,
      token: client.token,
    },
    'filtered: 1 town, budget 1000-5000': {
      path: `/post/filtred?locations=${encodeURIComponent(TOWNS[2])}&minBudget=1000&maxBudget=5000&limit=${PAGE}`,
      token: client.token,
    },
    'filtered: 2 categories (fan-out kept)': {
      path: `/post/filtred?categories=${categories[1]._id},${categories[2]._id}&limit=${PAGE}`,
      token: client.token,
    },
    "a client's posts": { path: `/post/user/${user._id}?limit=${PAGE}`, token: client.token },
    'suggested (business)': { path: '/post/suggested', token: business.token },
    "a post's offers": { path: `/getPostOffers/${postWithOffers}?limit=${PAGE}`, token: client.token },
    "a business's offers": { path: `/business/offers/${biz._id}?limit=${PAGE}`, token: business.token },
    'search businesses': {
      path: `/business/search?name=${encodeURIComponent('d')}&limit=${PAGE}`,
      token: client.token,
    },
    notifications: { path: `/notifications?limit=${PAGE}`, token: client.token },
    'ads (Sponsored strip: town and country at once)': { path: `/ads?limit=${PAGE}`, token: client.token },
    "a business's ads": { path: `/business/ads/${biz._id}?limit=${PAGE}`, token: client.token },
    "a business's finished jobs": { path: `/getBusinessFinishedJobs/${biz._id}?limit=${PAGE}`, token: client.token },
    "a client's chat rooms": { path: `/chat/getUserRooms?cognitoId=${client.sub}&limit=${PAGE}`, token: client.token },
    "a business's chat rooms": {
      path: `/chat/businessRooms?cognitoId=${business.sub}&limit=${PAGE}`,
      token: business.token,
    },
    transactions: { path: `/paymentTransaction/bussines/${business.sub}?limit=${PAGE}`, token: business.token },
    'moderation queue (open)': { path: `/moderation/reports?status=open&limit=${PAGE}`, token: moderator.token },
    'verification queue': { path: `/moderation/verifications?limit=${PAGE}`, token: moderator.token },
  };
  const details = [
    { path: `/post/${posts[0]._id}`, token: client.token },
    { path: `/post/${posts[1]._id}`, token: client.token },
    { path: `/business/${biz._id}`, token: client.token },
    { path: `/user/${user._id}`, token: client.token },
  ];

  // 1. Read capacity per page: every DynamoDB call of the handlers (this process runs them) reports its capacity.
  interface Reads {
    queries: number;
    queryUnits: number;
    others: number;
    otherUnits: number;
    /** Reads of the suspended accounts (lambdas/data/suspensions.ts): once per process every few seconds, not per call. */
    suspensionLists: number;
  }
  const noReads = (): Reads => ({ queries: 0, queryUnits: 0, others: 0, otherUnits: 0, suspensionLists: 0 });
  let reads = noReads();
  /** Every DynamoDB call the API process makes, and those of them that read the suspended accounts. */
  const calls = { all: 0, suspensionLists: 0 };
  ddb().middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as {
        ReturnConsumedCapacity?: string;
        ExpressionAttributeValues?: Record<string, unknown>;
      };
      input.ReturnConsumedCapacity = 'TOTAL';
      const suspensionList = input.ExpressionAttributeValues?.[':pk'] === keys.suspensionsPartition;
      calls.all++;
      if (suspensionList) calls.suspensionLists++;
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const units = (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []).reduce(
        (n: number, c: { CapacityUnits?: number }) => n + (c.CapacityUnits ?? 0),
        0,
      );
      if (suspensionList) {
        reads.suspensionLists++;
      } else if (context.commandName === 'QueryCommand') {
        reads.queries++;
        reads.queryUnits += units;
      } else {
        reads.others++;
        reads.otherUnits += units;
      }
      return out;
    },
    { step: 'initialize', name: 'benchConsumedCapacity' },
  );
  const raw = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: info.dynamoEndpoint,
      region: info.region,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const rawPage = await raw.send(
    new QueryCommand({
      TableName: info.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.openAll },
      ScanIndexForward: false,
      Limit: PAGE,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  raw.destroy();
  const rawUnits = rawPage.ConsumedCapacity?.CapacityUnits ?? 0;
  // The stack's stream notifier runs in this process on the same client: wait until it has handled the requests
  // just added (no DynamoDB call for 3 s), so neither the figures below nor the load see its work.
  for (let waited = 0; waited < 120; waited += 3) {
    reads = noReads();
    await new Promise((r) => setTimeout(r, 3000));
    if (reads.queries + reads.others + reads.suspensionLists === 0) break;
  }
  const capacityRows: string[][] = [];
  const detailReads: Record<string, { path: string; token: string }> = {
    'a post (detail)': details[0],
    'a business (detail)': details[2],
    'a user (detail)': details[3],
  };
  let suspensionListReads = 0;
  /** List pages that read anything besides one Query (the kept fan-out reads one Query per value asked for). */
  const overOneQuery: string[] = [];
  /** Reads the counter saw no DynamoDB call for: the counter no longer sees the handlers' calls, so no figure holds. */
  const unseen: string[] = [];
  for (const [name, { path: p, token }] of [...Object.entries(lists), ...Object.entries(detailReads)]) {
    // The dashboard's suggestions as a business sees them while it uses the site: the process keeps its services for
    // 5 s (lambdas/data/businessCategories.ts), so only its first call in 5 s reads the business's record.
    if (p === lists['suggested (business)'].path) await api<unknown>(p, token);
    reads = noReads();
    const answer = await api<unknown>(p, token);
    suspensionListReads += reads.suspensionLists;
    // The kept fan-out reads one Query per value asked for (two), at once, and a client's Sponsored strip its town's
    // and the country's runs at once; every other list page one Query.
    const queriesExpected = /fan-out kept|at once/.test(name) ? 2 : 1;
    if (name in lists && (reads.others > 0 || reads.queries > queriesExpected)) overOneQuery.push(name);
    if (reads.queries + reads.others === 0) unseen.push(name);
    capacityRows.push([
      name,
      String(Array.isArray(answer) ? answer.length : 1),
      String(reads.queries),
      reads.queryUnits.toFixed(1),
      String(reads.others),
      reads.otherUnits.toFixed(1),
    ]);
  }

  // 2 and 3. The API under load, then the database alone, each in a process of its own.
  const listMix = Object.entries(lists).filter(([, l]) => !l.path.startsWith('/moderation'));
  const detailMix = [...details, ...details.slice(0, 2)].map((d): [string, typeof d] => [d.path.split('?')[0], d]);
  const mix = [...listMix, ...detailMix].map(([, read]) => read);
  /** Each read of the mix by its name in the capacity table (a detail by its path). */
  const mixNames = [...listMix, ...detailMix].map(([name]) => name);
  const plan: LoadPlan = {
    concurrency: CONCURRENCY,
    apiUrl: info.apiUrl,
    mix,
    dynamo: {
      endpoint: info.dynamoEndpoint,
      region: info.region,
      tableName: info.tableName,
      pageSize: PAGE,
      openPartition: keys.openAll,
    },
    postKeys: posts.slice(0, 50).map((p) => keys.post(p._id)),
  };
  writeFileSync(planFile, JSON.stringify(plan));
  // The machine may be shared: the two sides take turns in slices of SLICE_SECONDS, so both meet the same
  // conditions over the run, instead of one side getting a quiet half minute and the other a busy one.
  const slices = Math.max(1, Math.round(SECONDS / SLICE_SECONDS));
  console.log(
    `${CONCURRENCY} connections, ${slices} turns of ${SECONDS / slices} s each: the API over ${mix.length} reads` +
      ' (lists and details), then DynamoDB Local alone (a Query of a page, a GetItem)...',
  );
  const apiSlices: LoadSlice[] = [];
  const rawSlices: LoadSlice[] = [];
  let apiBusy = 0;
  const dynamoPid = dynamo.pid();
  const apiCpu = noCpu();
  const rawCpu = noCpu();
  const profileDir = process.env.BENCH_LOAD_PROFILE;
  const profile = profileDir ? await profiler() : undefined;
  const profiles: CpuProfile[] = [];
  if (profileDir) mkdirSync(profileDir, { recursive: true });
  /** One turn of a side, with the CPU the API process and DynamoDB Local used meanwhile added to `spent`. */
  let apiCalls = 0;
  let apiSuspensionLists = 0;
  const turn = async (mode: 'api' | 'raw', spent: CpuSpent) => {
    const own = process.cpuUsage();
    const callsBefore = { ...calls };
    const db = processCpuMs(dynamoPid);
    if (mode === 'api') await profile?.start();
    const slice = await runWorker(mode, SECONDS / slices);
    const ownNow = process.cpuUsage(own);
    if (mode === 'api' && profile && profileDir) {
      const p = await profile.stop();
      writeFileSync(path.join(profileDir, `api-turn-${profiles.length + 1}.cpuprofile`), JSON.stringify(p));
      profiles.push(p);
    }
    spent.worker += slice.cpuMs;
    spent.api += (ownNow.user + ownNow.system) / 1000;
    spent.dynamo += (processCpuMs(dynamoPid) ?? NaN) - (db ?? NaN);
    if (mode === 'api') {
      apiCalls += calls.all - callsBefore.all;
      apiSuspensionLists += calls.suspensionLists - callsBefore.suspensionLists;
    }
    return slice;
  };
  for (let i = 0; i < slices; i++) {
    const before = perfHooks.eventLoopUtilization();
    apiSlices.push(await turn('api', apiCpu));
    apiBusy += perfHooks.eventLoopUtilization(before).utilization / slices;
    rawSlices.push(await turn('raw', rawCpu));
  }
  const apiLoad = summary(apiSlices);
  const rawLoad = summary(rawSlices);
  const table = (header: string[], rows: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const r of rows) console.log(line(r));
  };
  const loadRow = (name: string, r: LoadResult) => [
    name,
    (r.requests / r.seconds).toFixed(0),
    r.p50.toFixed(0),
    r.p95.toFixed(0),
    r.p99.toFixed(0),
    String(r.non2xx),
  ];
  table(
    ['load', 'requests/s', 'p50 ms', 'p95 ms', 'p99 ms', 'non-2xx'],
    [loadRow('API (lists + details)', apiLoad), loadRow('DynamoDB Local (Query + GetItem)', rawLoad)],
  );
  console.log(
    `\np95 ratio API / DynamoDB Local: ${(apiLoad.p95 / rawLoad.p95).toFixed(2)} (the goal: at most ${P95_RATIO_GOAL} on a quiet` +
      ' machine, with no answer other than 2xx)',
  );
  console.log(
    `The API's process (gateway and handlers, one Node event loop) was busy ${(100 * apiBusy).toFixed(0)}% of the time under load; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} on ${os.cpus().length} cores.`,
  );
  const cpuRow = (name: string, spent: CpuSpent, r: LoadResult) => {
    const per = (ms: number) => (Number.isFinite(ms) ? (ms / r.requests).toFixed(2) : 'n/a');
    return [name, per(spent.worker), per(spent.api), per(spent.dynamo), per(spent.worker + spent.api + spent.dynamo)];
  };
  table(
    ['CPU ms per request', 'load worker', 'API process', 'DynamoDB Local', 'all three'],
    [cpuRow('API (lists + details)', apiCpu, apiLoad), cpuRow('DynamoDB Local (Query + GetItem)', rawCpu, rawLoad)],
  );
  if (profile) {
    profile.close();
    console.log(
      `\nThe API process during the API's turns (profiles in ${profileDir}; the profiler adds to the CPU above):`,
    );
    console.log(summaryText(profiles));
  }
  console.log(
    `DynamoDB calls per API request under load: ${(apiCalls / apiLoad.requests).toFixed(2)} (the raw side: 1);` +
      ` ${apiSuspensionLists} of the ${apiCalls} read the suspended accounts.`,
  );
  if (apiLoad.non2xx) {
    console.log(`API answers other than 2xx: ${JSON.stringify(apiLoad.byStatus)}`);
    process.exitCode = 1;
  }
  // Where the API's tail comes from: each request of the mix under the load, by its p95.
  const byKind = new Map<number, number[]>();
  for (const slice of apiSlices) {
    slice.latencies.forEach((ms, i) => {
      const kind = slice.kinds[i];
      if (!byKind.has(kind)) byKind.set(kind, []);
      byKind.get(kind)!.push(ms);
    });
  }
  const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * q)] ?? NaN;
  table(
    ['API request under load', 'p50 ms', 'p95 ms'],
    [...byKind.entries()]
      .map(([kind, ms]) => ({ path: mixNames[kind], p50: quantile(ms, 0.5), p95: quantile(ms, 0.95) }))
      .sort((a, b) => b.p95 - a.p95)
      .map((r) => [r.path, r.p50.toFixed(0), r.p95.toFixed(0)]),
  );
  table(['request', 'items', 'Queries', 'Query RCU', 'other reads', 'other RCU'], capacityRows);
  console.log(
    `\nOne raw Query of a page of ${PAGE} of ${keys.openAll}: ${rawUnits.toFixed(1)} RCU. "other reads": what a page` +
      ' reads besides its Query (BatchGet of its businesses or posts, GetItem of a record it checks or answers).' +
      ` Not in the table: the suspended accounts, read ${suspensionListReads} time(s) over these ${capacityRows.length}` +
      ' requests (each process reads them once every few seconds, not per call: lambdas/data/suspensions.ts).',
  );
  console.log(
    overOneQuery.length
      ? `List pages reading more than their one Query: ${overOneQuery.length} (${overOneQuery.join(', ')})`
      : `List pages reading more than their one Query: none of ${Object.keys(lists).length}`,
  );
  if (unseen.length) {
    console.log(
      `No DynamoDB call counted for ${unseen.join(', ')}: the counter on the API's client missed the handlers' calls,` +
        ' so the capacity and call figures above are wrong.',
    );
    process.exitCode = 1;
  }
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
