/**
 * Benchmark: does a page of a growing list cost the same whatever the table size? Starts a throw-away
 * local stack, grows the number of open posts in steps, and at each size times the first page of
 * the available, filtered and a client's own posts through the local gateway (real token, real
 * handlers, DynamoDB Local). Prints median and p95 latency per list and size.
 *
 *   npm run bench            # sizes 100, 1000, 10000 (the last row of each list should be within 1.2x of the first)
 *   npx tsx scripts/bench-lists.ts 100 500
 *
 * DynamoDB Local is not DynamoDB: absolute numbers mean little; what matters is that a row does not
 * grow with the size (a Scan, or a filter that reads the whole table, would).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { TOWNS } from '../common/constants';
import { act, ensureCognitoUser } from '../bin/local/seed';
import { randomPorts, startLocalStack } from '../bin/local/stack';

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const SIZES = sizes.length ? sizes : [100, 1000, 10000];
const SAMPLES = 30;
process.env.LOG_LEVEL = 'silent';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-'));
const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: false, seed: false });

try {
  const account = { role: 'client' as const, email: 'bench@test.al', password: 'Bench#2026x', name: 'Bench Client' };
  const sub = await ensureCognitoUser(info, account);
  const claims = { sub, nickname: 'client', email: account.email };
  const user = await act<{ _id: string }>('createUser', claims, {
    body: { email: account.email, cognitoId: sub, username: account.name },
  });
  const categories = await act<{ _id: string; name: string }[]>('listCategories', claims);
  const cognito = new CognitoIdentityProviderClient({
    endpoint: info.authEndpoint,
    region: info.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const auth = await cognito.send(
    new InitiateAuthCommand({
      ClientId: info.userPoolClientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  );
  const token = auth.AuthenticationResult!.IdToken!;

  const lists = {
    'available (20)': '/post/available?limit=20',
    'filtered: 1 category x 1 town (15)': `/post/filtred?categories=${categories[0]._id}&locations=${encodeURIComponent('Tirana')}&limit=15`,
    'filtered: 2 categories, budget 500+ (15)': `/post/filtred?categories=${categories[1]._id},${categories[2]._id}&minBudget=500&limit=15`,
    "client's own posts (20)": `/post/user/${user._id}?limit=20`,
  };

  const time = async (url: string) => {
    const samples: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const started = performance.now();
      const res = await fetch(info.apiUrl + url, { headers: { authorization: `Bearer ${token}` } });
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

  const header = ['open posts', 'list (page size)', 'p50 ms', 'p95 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  console.log(`\n${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) console.log(line(r));
  // Each list's p50 at the largest size against the smallest: a page should cost the same (within 1.2x).
  console.log('');
  for (const name of Object.keys(lists)) {
    const of = (size: number) => Number(rows.find((r) => r[0] === String(size) && r[1] === name)![2]);
    const ratio = of(SIZES[SIZES.length - 1]) / of(SIZES[0]);
    console.log(
      `${name}: p50 at ${SIZES[SIZES.length - 1]} is ${ratio.toFixed(2)}x of ${SIZES[0]}${ratio > 1.2 ? '  (above 1.2x)' : ''}`,
    );
  }
  console.log(`\n${SAMPLES} requests per row through the local gateway (JWT check + handler + DynamoDB Local).`);
  cognito.destroy();
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
