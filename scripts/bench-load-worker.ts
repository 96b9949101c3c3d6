/**
 * The load side of `npm run bench:load` (scripts/bench-load.ts), in a process of its own so the load it makes
 * does not share an event loop with what it measures. Two modes, both CONCURRENCY loops for DURATION seconds:
 *
 *   api  every loop sends the next request of the mix (list and detail reads, each with its token) to the API
 *        through the local gateway and times it to the last byte;
 *   raw  every loop alternates the raw DynamoDB Local operations behind them: one Query of a page of the
 *        all-open partition and one GetItem of a post.
 *
 * Prints one JSON line: the seconds it ran, every latency in ms, the count of each status (an error's name for
 * a call that failed without an answer) and the CPU time the worker itself used.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';

export interface LoadPlan {
  concurrency: number;
  apiUrl: string;
  /** The API mix, taken in turn: path and the token to send it with. */
  mix: { path: string; token: string }[];
  dynamo: { endpoint: string; region: string; tableName: string; pageSize: number; openPartition: string };
  postKeys: { pk: string; sk: string }[];
}

/** What one run of a worker answers: every latency in ms and the count of each status. */
export interface LoadSlice {
  seconds: number;
  latencies: number[];
  /** For each latency, the request it timed: its index in the API mix, or 0 (Query) / 1 (GetItem) on the raw side. */
  kinds: number[];
  byStatus: Record<string, number>;
  /** CPU time this process used (user + system), ms. */
  cpuMs: number;
}

const [mode, planFile, secondsArg] = process.argv.slice(2);
const plan = JSON.parse(readFileSync(planFile, 'utf8')) as LoadPlan;

const latencies: number[] = [];
const kinds: number[] = [];
const byStatus: Record<string, number> = {};
let next = 0;

const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    endpoint: plan.dynamo.endpoint,
    region: plan.dynamo.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  }),
);

/**
 * The API side's HTTP client: node:http over one keep-alive connection per loop. The worker shares the machine with
 * what it measures, so it uses the cheapest client (fetch cost about twice the CPU per request).
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: plan.concurrency });
const api = new URL(plan.apiUrl);

function apiCall(n: number): Promise<string> {
  const { path, token } = plan.mix[n % plan.mix.length];
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        agent,
        host: api.hostname,
        port: api.port,
        path: api.pathname.replace(/\/$/, '') + path,
        headers: { authorization: `Bearer ${token}` },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(String(res.statusCode)));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

async function rawCall(n: number): Promise<string> {
  if (n % 2 === 0) {
    await db.send(
      new QueryCommand({
        TableName: plan.dynamo.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': plan.dynamo.openPartition },
        ScanIndexForward: false,
        Limit: plan.dynamo.pageSize,
      }),
    );
  } else {
    await db.send(new GetCommand({ TableName: plan.dynamo.tableName, Key: plan.postKeys[n % plan.postKeys.length] }));
  }
  return '200';
}

const call = mode === 'raw' ? rawCall : apiCall;
const cpuBefore = process.cpuUsage();
const started = performance.now();
const end = started + Number(secondsArg) * 1000;
await Promise.all(
  Array.from({ length: plan.concurrency }, async () => {
    while (performance.now() < end) {
      const n = next++;
      const t0 = performance.now();
      let status: string;
      try {
        status = await call(n);
      } catch (err) {
        status = err instanceof Error ? err.name : 'error';
      }
      latencies.push(performance.now() - t0);
      kinds.push(mode === 'raw' ? n % 2 : n % plan.mix.length);
      byStatus[status] = (byStatus[status] ?? 0) + 1;
    }
  }),
);
const cpu = process.cpuUsage(cpuBefore);
const result: LoadSlice = {
  seconds: (performance.now() - started) / 1000,
  latencies,
  kinds,
  byStatus,
  cpuMs: (cpu.user + cpu.system) / 1000,
};
db.destroy();
agent.destroy();
console.log(JSON.stringify(result));
