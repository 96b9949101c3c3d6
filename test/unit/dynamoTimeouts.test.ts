/**
 * The time limits of the API's AWS SDK clients (lambdas/lib/dependencies.ts awsClientOptions) against a real HTTP
 * server speaking DynamoDB's protocol, over real sockets: many calls at once to a database that answers each after
 * a while all finish, however long the last of them waits for its turn (no total-duration limit, no queue for a
 * socket); a database that accepts the connection and never answers fails every call fast, as a timeout (the API
 * answers 503 for it: test/unit/dependencyFaults.test.ts, test/integration/dependencyFaults.test.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import {
  awsClientOptions,
  dependencyFault,
  dependencyTimeouts,
  withoutIdleLogging,
} from '../../lambdas/lib/dependencies';
import { ddb } from '../../lambdas/data/client';

/** Limits for the test: the Lambda's 10 s, so 600 ms to connect and 2 s of silence per attempt. */
const TIME_LIMIT_MS = 10_000;
/** How long the database takes to answer each call (all at once: it is not the one queueing them). */
const ANSWER_MS = 800;
/** A shorter limit where only one call is made: 90 ms to connect, 300 ms of silence per attempt. */
const SHORT_LIMIT_MS = 1500;
/** Calls at once: three times the SDK's default socket limit. */
const CALLS = 150;

let server: http.Server | undefined;
afterEach(async () => {
  delete process.env.API_TIME_LIMIT_MS;
  const s = server;
  server = undefined;
  if (!s) return;
  s.closeAllConnections();
  await new Promise((r) => s.close(r));
});

/** A DynamoDB endpoint answering every GetItem with no item after `delayMs` (or never, with `delayMs` undefined). */
async function fakeDynamo(delayMs: number | undefined) {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (delayMs === undefined) return;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end('{}');
      }, delayMs);
    });
  });
  server.maxConnections = 1000;
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function client(endpoint: string, options: ReturnType<typeof awsClientOptions> | object = awsClientOptions()) {
  return new DynamoDBClient({
    ...options,
    endpoint,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
}

const get = (db: DynamoDBClient) =>
  db.send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'POST#1' }, sk: { S: 'POST' } } }));

describe('the DynamoDB client time limits', () => {
  it('uses a connection and an idle limit, never a limit on the whole request', () => {
    process.env.API_TIME_LIMIT_MS = String(TIME_LIMIT_MS);
    const t = dependencyTimeouts();
    const { requestHandler } = awsClientOptions();
    expect(requestHandler).toMatchObject({
      connectionTimeout: t.connectionTimeoutMs,
      socketTimeout: t.requestTimeoutMs,
    });
    expect(requestHandler).not.toHaveProperty('requestTimeout');
    expect(requestHandler.httpAgent.maxSockets).toBe(Infinity);
  });

  it('lets many calls at once finish although the last waits longer than the idle limit for its turn', async () => {
    process.env.API_TIME_LIMIT_MS = String(TIME_LIMIT_MS);
    const t = dependencyTimeouts();
    const endpoint = await fakeDynamo(ANSWER_MS);
    const db = client(endpoint);
    const results = await Promise.allSettled(Array.from({ length: CALLS }, () => get(db)));
    db.destroy();
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed.map((r) => String((r as PromiseRejectedResult).reason))).toEqual([]);

    // The same load through a total-duration limit of the same length and the SDK's default agent (50 sockets, the
    // rest queued): the calls queued behind the first two rounds fail although the database answered every call.
    expect(3 * ANSWER_MS).toBeGreaterThan(t.requestTimeoutMs);
    const totalLimited = client(endpoint, {
      maxAttempts: 1,
      requestHandler: { requestTimeout: t.requestTimeoutMs, throwOnRequestTimeout: true },
    });
    const before = await Promise.allSettled(Array.from({ length: CALLS }, () => get(totalLimited)));
    totalLimited.destroy();
    expect(before.filter((r) => r.status === 'rejected').length).toBeGreaterThan(0);
  }, 30_000);

  it('fails fast, as a timeout, when the database accepts the connection and never answers', async () => {
    process.env.API_TIME_LIMIT_MS = String(SHORT_LIMIT_MS);
    const db = client(await fakeDynamo(undefined));
    const t = dependencyTimeouts(SHORT_LIMIT_MS);
    const started = Date.now();
    const err = await get(db).then(
      () => undefined,
      (e: unknown) => e,
    );
    const took = Date.now() - started;
    db.destroy();
    expect(dependencyFault(err)).toBe('timeout');
    // Every attempt ends after the idle limit: the call takes the attempts' idle limits and the backoff between
    // them (standard retry mode: at most 100 ms x 2^n), with some slack for a busy machine; the handler's own time
    // limit answers 503 by then anyway (test/unit/dependencyFaults.test.ts).
    const backoff = Array.from({ length: t.maxAttempts - 1 }, (_, n) => 100 * 2 ** (n + 1)).reduce((a, b) => a + b, 0);
    expect(took).toBeGreaterThanOrEqual(t.requestTimeoutMs);
    expect(took).toBeLessThan(t.maxAttempts * t.requestTimeoutMs + backoff + 1000);
  });
});

describe('the logging step of the SDK clients', () => {
  it("is dropped from the API's DynamoDB client, which has no logger, and calls answer the same", async () => {
    expect(ddb().middlewareStack.identify().join()).not.toContain('loggerMiddleware');
    const endpoint = await fakeDynamo(0);
    const plain = client(endpoint);
    const dropped = withoutIdleLogging(client(endpoint));
    expect(plain.middlewareStack.identify().join()).toContain('loggerMiddleware');
    expect(dropped.middlewareStack.identify().join()).not.toContain('loggerMiddleware');
    const [a, b] = await Promise.all([get(plain), get(dropped)]);
    plain.destroy();
    dropped.destroy();
    expect({ ...b, $metadata: undefined }).toEqual({ ...a, $metadata: undefined });
    expect(b.$metadata.httpStatusCode).toBe(200);
  });

  it('is kept by a client given a logger, which still logs every call', async () => {
    const lines: unknown[] = [];
    const logger = { debug: () => {}, info: (l: unknown) => lines.push(l), warn: () => {}, error: () => {} };
    const db = withoutIdleLogging(client(await fakeDynamo(0), { ...awsClientOptions(), logger }));
    await get(db);
    db.destroy();
    expect(lines).toEqual([expect.objectContaining({ clientName: 'DynamoDBClient', commandName: 'GetItemCommand' })]);
  });
});
