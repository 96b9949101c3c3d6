/**
 * Benchmark: does a page of a growing list cost the same whatever the table size? Starts a throw-away
 * local stack, grows the number of open posts in steps, and at each size times the first page of
 * the available, filtered and a client's own posts through the local gateway (real token, real
 * handlers, DynamoDB Local). Then the Sponsored strip (GET /ads as a client with an open request, a few live runs
 * in its town) at 10 and at 10,000 ended runs of the same service and town. Prints median and p95 latency per list
 * and size.
 *
 *   npm run bench            # sizes 100, 1000, 10000; the strip at 10 and 10000 ended runs (the last row of each
 *                            # list should be within 1.2x of the first)
 *   npx tsx scripts/bench-lists.ts 100 500
 *
 * DynamoDB Local is not DynamoDB: absolute numbers mean little; what matters is that a row does not
 * grow with the size (a Scan, or a filter that reads the whole table, would).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOWNS } from '../common/constants';
import { act } from '../bin/local/seed';
import { randomPorts, startLocalStack } from '../bin/local/stack';
import { benchBusiness, benchClient, endedRuns, liveRun } from './lib/benchRuns';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [100, 1000, 10000];
const SAMPLES = 30;
/** The most the p50 of a list's last size may be of its first: a page costs the same whatever the table holds. */
const FLAT_WITHIN = 1.2;
/** The Sponsored strip's sizes: ended runs of the service and town of the client's open request. */
const ENDED_RUNS = [10, 10_000];
const STRIP_TOWN = TOWNS[7];
process.env.LOG_LEVEL = 'silent';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: false, seed: false });

try {
  const { claims, user, token } = await benchClient(info, 'bench@test.al');
  const categories = await act<{ _id: string; name: string }[]>('listCategories', claims);

  const lists = {
    'available (20)': '/post/available?limit=20',
    'filtered: 1 category x 1 town (15)': `/post/filtred?categories=${categories[0]._id}&locations=${encodeURIComponent('Tirana')}&limit=15`,
    'filtered: 2 categories, budget 500+ (15)': `/post/filtred?categories=${categories[1]._id},${categories[2]._id}&minBudget=500&limit=15`,
    "client's own posts (20)": `/post/user/${user._id}?limit=20`,
  };

  const time = async (url: string | ((i: number) => string), as = token) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await fetch(info.apiUrl + (typeof url === 'string' ? url : url(i)), {
        headers: { authorization: `Bearer ${as}` },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${url} answered ${res.status}`);
      samples.push(performance.now() - started);
    }
    samples.sort((a, b) => a - b);
    return { p50: samples[Math.floor(SAMPLES / 2)], p95: samples[Math.floor(SAMPLES * 0.95)] };
  };

  const rows: string[][] = [];
  let created = 0;
  for (const size of SIZES) {
    for (; created < size; created++) {
      await act('createPost', claims, {
        body: {
          userId: user._id,
          title: `Bench post ${created}`,
          location: TOWNS[created % TOWNS.length],
          category: [categories[created % categories.length]._id],
          budget: ((created * 37) % 7000) + 1,
          content: 'Benchmark',
          images: [],
        },
      });
    }
    for (const [name, url] of Object.entries(lists)) {
      const { p50, p95 } = await time(url);
      rows.push([String(size), name, p50.toFixed(1), p95.toFixed(1)]);
    }
  }

  // The Sponsored strip: a client whose open request is in STRIP_TOWN for one service, six live runs in that town
  // (three for its service, three for others), and ever more ended runs of the same service and town beside them.
  const [service, ...others] = categories.map((c) => c._id);
  const studios = await Promise.all(
    [0, 1, 2].map((i) => benchBusiness(`Bench Studio ${i}`, STRIP_TOWN, [service, others[i]])),
  );
  for (const [i, studio] of studios.entries()) {
    await liveRun(studio, { category: service, towns: [STRIP_TOWN] });
    await liveRun(studio, { category: others[i], towns: [STRIP_TOWN] });
  }
  const stripClient = await benchClient(info, 'bench-strip@test.al');
  await act('createPost', stripClient.claims, {
    body: {
      userId: stripClient.user._id,
      title: 'Bench request',
      location: STRIP_TOWN,
      category: [service],
      budget: 900,
      content: 'Benchmark',
      images: [],
    },
  });
  const stripRows: string[][] = [];
  const strip = 'Sponsored strip, client with an open request (4)';
  let ended = 0;
  for (const size of ENDED_RUNS) {
    const more = size - ended;
    for (let i = 0; i < more; i += 1000)
      await endedRuns(
        studios[(ended + i) % studios.length],
        { category: service, towns: [STRIP_TOWN] },
        Math.min(1000, more - i),
      );
    ended = size;
    const shown = await fetch(`${info.apiUrl}/ads?limit=4`, {
      headers: { authorization: `Bearer ${stripClient.token}` },
    });
    const runsShown = ((await shown.json()) as unknown[]).length;
    if (runsShown !== 4) throw new Error(`The strip showed ${runsShown} runs, not 4`);
    // Each request a page view of its own, as the web app asks (its impressions are counted, in memory).
    const { p50, p95 } = await time((i) => `/ads?limit=4&view=bench-${size}-${i}-view`, stripClient.token);
    stripRows.push([String(size), strip, p50.toFixed(1), p95.toFixed(1)]);
  }

  const print = (sizeHeader: string, table: string[][]) => {
    const header = [sizeHeader, 'list (page size)', 'p50 ms', 'p95 ms'];
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
    const line = (cells: string[]) =>
      cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
    console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
    for (const r of table) console.log(line(r));
  };
  print('open posts', rows);
  print('ended runs', stripRows);
  // Each list's p50 at the largest size against the smallest: a page should cost the same (within FLAT_WITHIN).
  console.log('');
  const ratios: [string, string[][], number[]][] = [
    ...Object.keys(lists).map((name): [string, string[][], number[]] => [name, rows, SIZES]),
    [strip, stripRows, ENDED_RUNS],
  ];
  for (const [name, table, sizes] of ratios) {
    const of = (size: number) => Number(table.find((r) => r[0] === String(size) && r[1] === name)![2]);
    const [first, last] = [sizes[0], sizes[sizes.length - 1]];
    const ratio = of(last) / of(first);
    console.log(
      `${name}: p50 at ${last} is ${ratio.toFixed(2)}x of ${first}${ratio > FLAT_WITHIN ? `  (above ${FLAT_WITHIN}x)` : ''}`,
    );
  }
  console.log(`\n${SAMPLES} requests per row through the local gateway (JWT check + handler + DynamoDB Local).`);
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
