/**
 * Benchmark: what 1,000 Sponsored strip impressions cost in writes. Starts a throw-away local stack (impressions
 * written once a minute, as in the cloud: AD_COUNTS_FLUSH_MS unset), puts a few live runs in one town for one
 * service and a client with an open request there, and serves strips through the local gateway, each a page view of
 * its own (`view`), until 1,000 impressions were answered. It then waits for the process to write its counts and
 * counts the writes that reached the runs' figures items on DynamoDB Local's stream (a MODIFY record per write that
 * changed the item, whoever wrote it), beside the UpdateItems the process says it sent, and prints the writes per
 * 1,000 impressions.
 *
 *   npm run bench:ad-writes            # 4 live runs, 1,000 impressions
 *   npx tsx scripts/bench-ad-writes.ts 8 2000
 *
 * The figure is for one process: in the cloud each Lambda instance that served strips writes once a minute per run
 * it showed, so writes = runs x instances x minutes with impressions, however many impressions those are.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { TOWNS } from '../common/constants';
import { AD_STRIP_SIZE } from '../common/adRuns';
import { act } from '../bin/local/seed';
import { randomPorts, startLocalStack } from '../bin/local/stack';
import { ddb, table } from '../lambdas/data/client';
import { keys } from '../lambdas/model/keys';
import { adCountsFlushMs, figuresByDay, flushTotals, totalsOf } from '../lambdas/data/adFigures';
import { benchBusiness, benchClient, liveRun } from './lib/benchRuns';

const [runsArg, impressionsArg] = process.argv.slice(2).map(Number);
const RUNS = runsArg > 0 ? runsArg : AD_STRIP_SIZE;
const IMPRESSIONS = impressionsArg > 0 ? impressionsArg : 1000;
const TOWN = TOWNS[9];
process.env.LOG_LEVEL = 'silent';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-ad-writes-'));
const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: false, seed: false });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

try {
  const { claims, user, token } = await benchClient(info, 'bench@test.al');
  const categories = await act<{ _id: string; name: string }[]>('listCategories', claims);
  const service = categories[0]._id;
  await act('createPost', claims, {
    body: {
      userId: user._id,
      title: 'Bench request',
      location: TOWN,
      category: [service],
      budget: 900,
      content: 'Benchmark',
      images: [],
    },
  });
  const runIds: string[] = [];
  for (let i = 0; i < RUNS; i++) {
    const studio = await benchBusiness(`Bench Studio ${i}`, TOWN, [service]);
    runIds.push((await liveRun(studio, { category: service, towns: [TOWN] }))._id);
  }
  // Serve strips, each a page view of its own, until IMPRESSIONS of the runs were answered.
  const ours = new Set(runIds);
  const writesBefore = flushTotals.writes;
  let answered = 0;
  let strips = 0;
  const started = performance.now();
  while (answered < IMPRESSIONS) {
    const res = await fetch(
      `${info.apiUrl}/ads?limit=${Math.min(AD_STRIP_SIZE, IMPRESSIONS - answered)}&view=bench-view-${strips}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    if (!res.ok) throw new Error(`GET /ads answered ${res.status}`);
    answered += ((await res.json()) as { _id: string }[]).filter((a) => ours.has(a._id)).length;
    strips++;
  }
  const servedMs = performance.now() - started;

  // The process writes what it holds within AD_COUNTS_FLUSH_MS: wait until the figures items hold every impression.
  const written = async () => {
    let sum = 0;
    for (const id of runIds) {
      const { Item } = await ddb().send(
        new GetCommand({ TableName: table(), Key: keys.adFigures(id), ConsistentRead: true }),
      );
      sum += totalsOf(figuresByDay(Item)).impressions;
    }
    return sum;
  };
  const until = Date.now() + adCountsFlushMs() * 2 + 10_000;
  while ((await written()) < answered && Date.now() < until) await sleep(1000);
  const inItems = await written();
  if (inItems !== answered) throw new Error(`The figures items hold ${inItems} impressions of ${answered} answered`);
  await sleep(2000);

  // Every change of the runs' figures items on the table's stream: their INSERT (the run's creation) and a MODIFY per
  // write that reached them.
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const dynamo = new DynamoDBClient({ endpoint: info.dynamoEndpoint, region: info.region, credentials });
  const streams = new DynamoDBStreamsClient({ endpoint: info.dynamoEndpoint, region: info.region, credentials });
  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: info.tableName }));
  dynamo.destroy();
  const figuresKeys = new Set(runIds.map((id) => keys.adFigures(id).pk));
  let modified = 0;
  let inserted = 0;
  const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: Table!.LatestStreamArn! }));
  for (const shard of StreamDescription?.Shards ?? []) {
    let { ShardIterator: iterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: Table!.LatestStreamArn!,
        ShardId: shard.ShardId!,
        ShardIteratorType: 'TRIM_HORIZON',
      }),
    );
    while (iterator) {
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
      for (const r of out.Records ?? []) {
        if (!figuresKeys.has(r.dynamodb?.Keys?.pk?.S ?? '')) continue;
        if (r.eventName === 'MODIFY') modified++;
        if (r.eventName === 'INSERT') inserted++;
      }
      // An open shard answers an empty page at its end.
      iterator = out.Records?.length ? out.NextShardIterator : undefined;
    }
  }
  streams.destroy();
  if (inserted !== RUNS) throw new Error(`The stream shows ${inserted} figures items created, not ${RUNS}`);

  const sent = flushTotals.writes - writesBefore;
  console.log(
    `\n${answered} impressions of ${RUNS} live runs in ${strips} strips (distinct page views), served in ` +
      `${(servedMs / 1000).toFixed(1)} s; impressions written every ${adCountsFlushMs() / 1000} s.`,
  );
  console.log(`Writes that reached the runs' figures items (MODIFY records on the stream): ${modified}`);
  console.log(`UpdateItems the serving process sent for them: ${sent}`);
  console.log(`Writes per 1,000 impressions: ${((modified / answered) * 1000).toFixed(1)}`);
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
