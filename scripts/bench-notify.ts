/**
 * Benchmark: how long from the write that triggers a notification to its email in the inbox? Starts a
 * throw-away local stack (DynamoDB Local's stream, the local stream runner, the notifier, SMTP into
 * MailDev), then 50 times: a business offers on a new request of a client (the triggering write: the
 * createOffer handler's transaction) and the time until the client's email is listed by the inbox's
 * REST API is taken. Prints p50 / p95 / max.
 *
 *   npm run bench:notify          # 50 events
 *   npx tsx scripts/bench-notify.ts 200
 *
 * Locally the stream is polled every 100 ms (bin/local/streams.ts) and the inbox every 10 ms here, so the
 * figures include those; in the cloud the Lambda event source mapping polls the stream about 4 times a second.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { act, ensureCognitoUser } from '../bin/local/seed';
import { randomPorts, startLocalStack } from '../bin/local/stack';

const EVENTS = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 50;
process.env.LOG_LEVEL = 'silent';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'marketplace-bench-notify-'));
const { info, stop } = await startLocalStack({ dataDir, ports: await randomPorts(), web: false, seed: false });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function emailsWith(subjectPart: string): Promise<number> {
  const res = await fetch(`${info.mail.apiUrl}/email`);
  const all = (await res.json()) as { subject: string }[];
  return all.filter((e) => e.subject.includes(subjectPart)).length;
}

try {
  const client = {
    role: 'client' as const,
    email: 'bench-client@test.al',
    password: 'Bench#2026x',
    name: 'Bench Client',
  };
  const business = {
    role: 'business' as const,
    email: 'bench-business@test.al',
    password: 'Bench#2026x',
    name: 'Bench Studio',
  };
  const clientSub = await ensureCognitoUser(info, client);
  const businessSub = await ensureCognitoUser(info, business);
  const asClient = { sub: clientSub, nickname: 'client', email: client.email };
  const asBusiness = { sub: businessSub, nickname: 'business', email: business.email };
  const user = await act<{ _id: string }>('createUser', asClient, {
    body: { email: client.email, cognitoId: clientSub, username: client.name },
  });
  const studio = await act<{ _id: string }>('createBusiness', asBusiness, {
    body: { email: business.email, cognitoId: businessSub, businessName: business.name, location: 'Tirana' },
  });

  const samples: number[] = [];
  for (let i = 0; i < EVENTS; i++) {
    const title = `Bench request ${i} ${Date.now()}`;
    const post = await act<{ _id: string }>('createPost', asClient, {
      body: {
        userId: user._id,
        title,
        location: 'Tirana',
        category: [],
        budget: 100,
        content: 'Benchmark',
        images: [],
      },
    });
    const started = performance.now();
    await act('createOffer', asBusiness, {
      body: { postId: post._id, businessId: studio._id, price: 90, message: 'Benchmark offer' },
    });
    for (;;) {
      if ((await emailsWith(title)) > 0) break;
      if (performance.now() - started > 30_000) throw new Error(`No email for event ${i} within 30 s`);
      await sleep(10);
    }
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(samples.length * q))].toFixed(0);
  console.log(`\nTrigger to inbox over ${EVENTS} offers (write -> stream -> notifier -> SMTP -> MailDev):`);
  console.log(`  p50 ${at(0.5)} ms   p95 ${at(0.95)} ms   max ${samples[samples.length - 1].toFixed(0)} ms`);
} finally {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
}
